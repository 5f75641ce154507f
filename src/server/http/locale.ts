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
setLocaleSource(() => requestLocale.getStore() ?? DEFAULT_LOCALE);

export function runInLocale<T>(locale: Locale, fn: () => T): T {
  return requestLocale.run(locale, fn);
}

/** After the session middleware: it knows the user. */
export const localeMiddleware = (): MiddlewareHandler<{ Variables: AppVariables }> => async (c, next) => {
  const locale = resolveLocale({
    user: c.get('user')?.locale,
    chosen: readCookie(c.req.header('cookie'), LOCALE_COOKIE),
    browser: c.req.header('accept-language'),
  });
  await requestLocale.run(locale, () => next());
  c.header('Content-Language', locale);
};
