import { ar } from './ar';
import { arPlurals } from './ar/plurals';
import { en, type MessageKey } from './en';
import { pluralRules } from '../intl';

export type { MessageKey };
export type MessageParams = Record<string, string | number>;

/** Arabic may still lack keys while it is being filled: a missing one falls back to English. */
export const catalogs: Record<'en' | 'ar', Partial<Record<MessageKey, string>>> = { en, ar };
export type Locale = 'en' | 'ar';
export const LOCALES = ['en', 'ar'] as const satisfies readonly Locale[];
export const DEFAULT_LOCALE: Locale = 'en';
/** The cookie the client sets when the language is switched; the server reads it for signed-out requests. */
export const LOCALE_COOKIE = 'lang';

/** Render a catalog message, filling {placeholders}. */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  return fill(catalogs[locale]?.[key] || en[key] || key, params);
}

function fill(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** A count message's base key: one with `.one` and `.other` in the catalog ('analysis.unit.rider'). */
type CountBase<K> = K extends `${infer B}.one` ? (`${B}.other` extends MessageKey ? B : never) : never;
export type CountKey = CountBase<MessageKey>;
/** The extra plural categories a language may add for a count key ('analysis.unit.rider.two'). */
export type PluralKey = `${CountKey}.${'zero' | 'two' | 'few' | 'many'}`;
/** Extra plural forms per language, outside the catalogs (which keep exactly en's keys). */
const pluralForms: Record<Locale, Partial<Record<PluralKey, string>>> = { en: {}, ar: arPlurals };

/**
 * A count in the language's plural form (Intl.PluralRules: Arabic has zero, one, two, few, many, other):
 * `base.<category>` when the language has it, else `.one` for one and `.other` for the rest. `{n}` is the count.
 */
export function plural(locale: Locale, base: CountKey, n: number, params?: MessageParams): string {
  const category = pluralRules(locale).select(n);
  const all = { n, ...params };
  const extra = category === 'one' || category === 'other' ? undefined : pluralForms[locale][`${base}.${category}` as PluralKey];
  return extra ? fill(extra, all) : translate(locale, `${base}.${category === 'one' ? 'one' : 'other'}` as MessageKey, all);
}

/** 'ar', 'ar-KW', 'AR_ae' → 'ar'; 'en-GB' → 'en'; anything else → null. */
export function parseLocale(value: string | null | undefined): Locale | null {
  // A stored choice is one of the two as is (every session check of the fast lane asks).
  if (value === 'en' || value === 'ar') return value;
  const base = value?.trim().toLowerCase().split(/[-_]/)[0];
  return base === 'ar' || base === 'en' ? base : null;
}

/** The best supported language of an Accept-Language header (by q, then order), or null. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag, ...rest] = part.trim().split(';');
      const q = rest.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { locale: parseLocale(tag), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((r) => r.locale && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked[0]?.locale ?? null;
}

/** The signed-in user's stored language wins, then the explicit choice (cookie/storage), then the browser's. */
export function resolveLocale(sources: { user?: string | null; chosen?: string | null; browser?: string | null }): Locale {
  return parseLocale(sources.user) ?? parseLocale(sources.chosen) ?? localeFromAcceptLanguage(sources.browser) ?? DEFAULT_LOCALE;
}

/** Where `t()` learns the current language: the request's on the server, the UI's in the browser. */
let localeSource: () => Locale = () => DEFAULT_LOCALE;
export function setLocaleSource(source: () => Locale): void {
  localeSource = source;
}
export const currentLocale = (): Locale => localeSource();

export const t = (key: MessageKey, params?: MessageParams) => translate(currentLocale(), key, params);

/** A label inside a sentence: lower case in English ('picked up', 'a loopback address'), as it is in Arabic. */
export function word(locale: Locale, key: MessageKey): string {
  const label = translate(locale, key);
  return locale === 'en' ? label.toLowerCase() : label;
}
/** `word` in the current language: tw(`orderStatus.${status}`). */
export const tw = (key: MessageKey) => word(currentLocale(), key);
/** `tw` for a key built from data the catalog may not cover yet: `fallback` when it is missing. */
export const twOr = (key: string, fallback: string) => (key in en ? tw(key as MessageKey) : fallback);

/** Roles joined as a privilege ('company or admin', 'الشركة أو المدير'). */
export function privilegeWords(roles: readonly string[], locale: Locale = currentLocale()): string {
  return eitherOf(roles.map((r) => word(locale, `errors.privilege.${r}` as MessageKey)), locale);
}

const eitherOf = (words: string[], locale: Locale) => words.reduce((a, b) => translate(locale, 'errors.privilege.either', { a, b }));
/** `plural` in the current language: '3 riders', 'مندوبان'. */
export const tn = (base: CountKey, n: number, params?: MessageParams) => plural(currentLocale(), base, n, params);
