import { useCallback, useSyncExternalStore } from 'react';
import {
  LOCALE_COOKIE,
  parseLocale,
  plural,
  resolveLocale,
  setLocaleSource,
  translate,
  type CountKey,
  type Locale,
  type MessageKey,
  type MessageParams,
} from '../shared/i18n';
import { ar as arRegistry, arPlurals as arPluralsRegistry } from './messages/catalog-ar';
import { en as enRegistry } from './messages/catalog-en';
import { rememberInCookie } from './cookie';

/** The UI language: the stored choice (localStorage), else the browser's (ar* → Arabic), else English. */
export const LOCALE_STORAGE_KEY = 'kwt.locale';

function storedChoice(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function browserLanguages(): string {
  if (typeof navigator === 'undefined') return '';
  return (navigator.languages?.length ? navigator.languages : [navigator.language]).join(',');
}

export function initialLocale(): Locale {
  return resolveLocale({ chosen: storedChoice(), browser: browserLanguages() });
}

let current: Locale = typeof window === 'undefined' ? 'en' : initialLocale();
/** The language last asked for: a switch still loading its catalog gives way to a later one. */
let wanted: Locale = current;
const listeners = new Set<() => void>();
setLocaleSource(() => current);

let arabic: Promise<void> | undefined;
/**
 * The Arabic catalog, and the whole English one (Arabic falls back to it),
 * loaded once, on demand: an English visitor never downloads them (scripts/vite-messages.ts).
 */
export function loadArabic(): Promise<void> {
  arabic ??= Promise.all([import('../shared/i18n/ar'), import('../shared/i18n/ar/plurals'), import('../shared/i18n/en')]).then(
    ([a, p, e]) => {
      Object.assign(arRegistry, a.ar);
      Object.assign(arPluralsRegistry, p.arPlurals);
      Object.assign(enRegistry, e.en);
    },
    () => {
      // Offline before the chunk was ever cached: try again next time; the switch goes ahead in English words.
      arabic = undefined;
    },
  );
  return arabic;
}

/** Before the first render: the catalog of the language the page starts in. */
export function localeReady(): Promise<void> {
  return current === 'ar' ? loadArabic() : Promise.resolve();
}

/** `<html lang dir>`: Arabic is right-to-left. Called before React renders and on every switch. */
export function applyDocumentLocale(locale: Locale = current): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
}

/** Before the first render: the document's language and direction, and the cookie the server reads. */
export function startLocale(): void {
  applyDocumentLocale(current);
  rememberInCookie(LOCALE_COOKIE, current);
}

export function getLocale(): Locale {
  return current;
}

/**
 * Switch the UI language: remembered in this browser and sent to the server as the `lang` cookie at once;
 * the page turns once the language's catalog is loaded (resolves then).
 */
export async function setLocale(next: Locale | string): Promise<void> {
  const locale = parseLocale(next) ?? 'en';
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    /* private mode: the choice lasts for this page */
  }
  rememberInCookie(LOCALE_COOKIE, locale);
  wanted = locale;
  if (locale === 'ar') await loadArabic();
  if (wanted !== locale || locale === current) return;
  current = locale;
  applyDocumentLocale(locale);
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** (The server's rendering of the rider app is in the language the page starts in, and hydrates as such.) */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}

/** Every UI string comes from the catalog, in the current language (English for a key Arabic lacks). */
export function useT() {
  const locale = useLocale();
  return useCallback((key: MessageKey, params?: MessageParams) => translate(locale, key, params), [locale]);
}
/** A count in the current language's plural form; `n` may be passed formatted: tn('figures.unit.hours', 2, { n: '2.00' }). */
export function useTn() {
  const locale = useLocale();
  return useCallback((base: CountKey, n: number, params?: MessageParams) => plural(locale, base, n, params), [locale]);
}
export { translate };
