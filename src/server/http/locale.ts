import type { MiddlewareHandler } from 'hono';
import { LOCALE_COOKIE, parseLocale, resolveLocale, type Locale } from '../../shared/i18n';
import { installLocaleSource, runInLocale } from '../lib/request-locale';
import type { AppVariables } from '../trpc/context';
import { readCookie } from './cookies';

/**
 * The language of a request (lib/request-locale.ts holds it for every `t()`) by `user` (null: signed out), in resolveLocale's order: the one choice of the
 * pipeline and the fast lane (fast-lane.ts). The cookie and Accept-Language are read only when the user's
 * stored choice does not decide (the lane pays for no header it does not need).
 */
export const requestLocaleOf = (user: { locale?: string | null } | null, req: { header(name: string): string | undefined }): Locale =>
  parseLocale(user?.locale) ?? resolveLocale({ chosen: readCookie(req.header('cookie'), LOCALE_COOKIE), browser: req.header('accept-language') });

/** After the session middleware: it knows the user. */
export const localeMiddleware = (): MiddlewareHandler<{ Variables: AppVariables }> => {
  installLocaleSource();
  return async (c, next) => {
    const locale = requestLocaleOf(c.get('user'), c.req);
    await runInLocale(locale, () => next());
    c.header('Content-Language', locale);
  };
};
