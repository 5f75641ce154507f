import { en, type MessageKey } from './en';

export type { MessageKey };
export type MessageParams = Record<string, string | number>;

const catalogs = { en } as const;
export type Locale = keyof typeof catalogs;

/** Render a catalog message, filling {placeholders}. */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template: string = catalogs[locale][key] ?? en[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) =>
    name in params ? String(params[name]) : m,
  );
}

export const t = (key: MessageKey, params?: MessageParams) => translate('en', key, params);
