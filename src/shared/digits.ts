/**
 * Arabic-Indic (٠-٩) and Persian (۰-۹) digits as ASCII, with the Arabic decimal (٫) and thousands (٬)
 * separators as '.' and ','. The one normaliser for what a user types and what the OCR reads.
 */
export function normalizeDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066B/g, '.')
    .replace(/\u066C/g, ',');
}
