/**
 * The Arabic catalog and plural forms as the browser holds them: empty until Arabic is chosen, then filled in
 * one go by loadArabic() in src/client/i18n.ts. In a Vite build src/shared/i18n/index.ts gets these objects
 * as its `ar` and `arPlurals` (scripts/vite-messages.ts).
 */
export const ar: Record<string, string> = {};
export const arPlurals: Record<string, string> = {};
