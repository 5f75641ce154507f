/**
 * The English catalog as the browser holds it: empty at first, filled by the catalog parts that the loaded
 * chunks bring (scripts/vite-messages.ts puts `import 'virtual:kwt-messages/<part>'` in every module that names
 * one of the part's keys). In a Vite build src/shared/i18n/index.ts gets this object as its `en`.
 */
export const en: Record<string, string> = {};

export function registerMessages(part: Record<string, string>): void {
  Object.assign(en, part);
}
