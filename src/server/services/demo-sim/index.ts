/**
 * The demo simulator: not a business domain; it drives the other domains while a demo server runs (SEED_DEMO).
 * The public face of this folder: other folders and the doors import it only from here (test/imports.test.ts).
 */
export { createDemoSimulator } from './simulator';
export { startDemoSimulator } from './start';
