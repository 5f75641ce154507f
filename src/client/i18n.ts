import { useCallback, useSyncExternalStore } from 'react';
import {
  LOCALE_COOKIE,
  parseLocale,
  resolveLocale,
  setLocaleSource,
  translate,
  type Locale,
  type MessageKey,
  type MessageParams,
} from '../shared/i18n';

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
const listeners = new Set<() => void>();
setLocaleSource(() => current);

/** `<html lang dir>`: Arabic is right-to-left. Called before React renders and on every switch. */
export function applyDocumentLocale(locale: Locale = current): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
}

/** Before the first render: the document's language and direction, and the cookie the server reads. */
export function startLocale(): void {
  applyDocumentLocale(current);
  if (typeof document !== 'undefined') document.cookie = `${LOCALE_COOKIE}=${current}; path=/; max-age=31536000; samesite=lax`;
}

export function getLocale(): Locale {
  return current;
}

/** Switch the UI language: remembered in this browser and sent to the server as the `lang` cookie. */
export function setLocale(next: Locale | string): void {
  const locale = parseLocale(next) ?? 'en';
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    /* private mode: the choice lasts for this page */
  }
  if (typeof document !== 'undefined') document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  if (locale === current) return;
  current = locale;
  applyDocumentLocale(locale);
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, () => 'en' as Locale);
}

/** Every UI string comes from the catalog, in the current language (English for a key Arabic lacks). */
export function useT() {
  const locale = useLocale();
  return useCallback((key: MessageKey, params?: MessageParams) => translate(locale, key, params), [locale]);
}
export { translate };
