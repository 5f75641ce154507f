export * from './auth';
export * from './fleet';
export * from './orders';
export * from './duty';
export * from './engagement';
export * from './system';
export * from './integrations';
export { newId } from './ids';
