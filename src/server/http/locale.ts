import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { DEFAULT_LOCALE, LOCALE_COOKIE, resolveLocale, setLocaleSource, type Locale } from '../../shared/i18n';
import type { AppVariables } from '../trpc/context';
import { readCookie } from './cookies';

/**
 * The request's language for every `t()` on the server, without threading it through the services:
 * the signed-in user's stored choice, else the `lang` cookie the client sets when switching, else
 * Accept-Language, else English. Outside a request (jobs, start-up) it is English.
 */
const requestLocale = new AsyncLocalStorage<Locale>();
const fromRequest = () => requestLocale.getStore() ?? DEFAULT_LOCALE;
/**
 * `t()` reads the request's language. Installed at import, and again whenever an app is built or a
 * locale is run: a test process that also loads the browser's i18n (which installs its own source)
 * must not leave the server reading the UI's language.
 */
const installSource = () => setLocaleSource(fromRequest);
installSource();

export function runInLocale<T>(locale: Locale, fn: () => T): T {
  installSource();
  return requestLocale.run(locale, fn);
}

/** After the session middleware: it knows the user. */
export const localeMiddleware = (): MiddlewareHandler<{ Variables: AppVariables }> => {
  installSource();
  return async (c, next) => {
    const locale = resolveLocale({
      user: c.get('user')?.locale,
      chosen: readCookie(c.req.header('cookie'), LOCALE_COOKIE),
      browser: c.req.header('accept-language'),
    });
    await requestLocale.run(locale, () => next());
    c.header('Content-Language', locale);
  };
};
