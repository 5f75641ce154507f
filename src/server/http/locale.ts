import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { DEFAULT_LOCALE, LOCALE_COOKIE, parseLocale, resolveLocale, setLocaleSource, type Locale } from '../../shared/i18n';
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

/**
 * The language of a request by `user` (null: signed out), in resolveLocale's order: the one choice of the
 * pipeline and the fast lane (fast-lane.ts). The cookie and Accept-Language are read only when the user's
 * stored choice does not decide (the lane pays for no header it does not need).
 */
export const requestLocaleOf = (user: { locale?: string | null } | null, req: { header(name: string): string | undefined }): Locale =>
  parseLocale(user?.locale) ?? resolveLocale({ chosen: readCookie(req.header('cookie'), LOCALE_COOKIE), browser: req.header('accept-language') });

/** After the session middleware: it knows the user. */
export const localeMiddleware = (): MiddlewareHandler<{ Variables: AppVariables }> => {
  installSource();
  return async (c, next) => {
    const locale = requestLocaleOf(c.get('user'), c.req);
    await requestLocale.run(locale, () => next());
    c.header('Content-Language', locale);
  };
};
