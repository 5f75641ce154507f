/**
 * GET /app for a signed-in rider: the page with the first screen's answers and its server rendering
 * (src/server/ssr), so that a phone paints the rider app with the HTML and the CSS instead of after ~170 KB of
 * JavaScript and a round trip for the data. Anyone else, and a build without the boot script, gets the plain
 * page from serveSpa.
 */
import { join, resolve } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { riderFirstScreenState, riderTimeZone } from '../ssr/first-screen-state';
import { canCarryFirstScreen, firstScreenPage } from '../ssr/first-screen-page';
import type { FirstScreenRenderer } from '../ssr/renderer';
import { log } from '../log';
import { LOCALE_COOKIE, resolveLocale } from '../../shared/i18n';
import { RIDER_STATE_COOKIE } from '../../shared/rider-first-screen';
import { readCookie } from './cookies';
import { contextFromVars, type AppVariables } from '../trpc/context';

export const riderFirstScreen =
  (distDir: string, renderer: FirstScreenRenderer): MiddlewareHandler<{ Variables: AppVariables }> =>
  async (c, next) => {
    const user = c.var.user;
    const index = Bun.file(join(resolve(distDir), 'index.html'));
    if (user?.role !== 'rider' || !(await index.exists())) return next();
    const indexHtml = await index.text();
    if (!canCarryFirstScreen(indexHtml)) return next();
    const state = await riderFirstScreenState(contextFromVars(c.var, new Headers()));
    const timeZone = riderTimeZone(state);
    // In the account's language, when the app will start in it too: the one it last started in (its `lang` cookie),
    // else the browser's. Otherwise the app would turn to the account's language as soon as it has started, so a
    // rendering in either would be replaced at once: the page goes without one.
    const locale = user.locale;
    const startsIn = resolveLocale({ chosen: readCookie(c.req.header('cookie'), LOCALE_COOKIE), browser: c.req.header('accept-language') });
    // A browser that holds rider-app state would put the loading screen back (boot.js): no rendering for it.
    const hasState = readCookie(c.req.header('cookie'), RIDER_STATE_COOKIE) !== undefined;
    const screen = timeZone && startsIn === locale && !hasState ? await renderer.render(state, { timeZone, locale }) : null;
    if (screen?.unanswered.length) log.warn('the rider app asked for queries its page does not carry (src/shared/rider-first-screen.ts)', { queries: screen.unanswered });
    const page = firstScreenPage(indexHtml, { state, rendered: screen && timeZone ? { html: screen.html, timeZone, locale } : null });
    // The page carries this rider's data: never stored (a Back after signing out on a shared phone asks again).
    c.header('Cache-Control', 'no-store');
    c.header('Vary', 'Cookie');
    return c.html(page);
  };
