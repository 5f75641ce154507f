import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LOCALE, setLocaleSource, type Locale } from '../../shared/i18n';

/**
 * The request's language for every `t()` on the server, without threading it through the services:
 * the HTTP door (http/locale.ts) decides it per request, a job (webhook deliveries) per recipient.
 * Outside both (start-up) it is English.
 */
const requestLocale = new AsyncLocalStorage<Locale>();
const fromRequest = () => requestLocale.getStore() ?? DEFAULT_LOCALE;
/**
 * `t()` reads the request's language. Installed at import, and again whenever an app is built or a
 * locale is run: a test process that also loads the browser's i18n (which installs its own source)
 * must not leave the server reading the UI's language.
 */
export const installLocaleSource = () => setLocaleSource(fromRequest);
installLocaleSource();

export function runInLocale<T>(locale: Locale, fn: () => T): T {
  installLocaleSource();
  return requestLocale.run(locale, fn);
}
