/**
 * index.html for a signed-in rider's `/app`, from the built page:
 *
 * - the first screen's answers before boot.js, in a `<script type="application/json">` (data and not code, so the
 *   CSP's script rule does not apply), for src/client/first-screen.ts;
 * - when the worker rendered it in time, the screen itself in #app in place of the loading screen, so that even a
 *   paint before the rest of the page has arrived shows it; the loading screen is kept in a <template> for
 *   boot.js to put back for a browser whose own first render would differ (another language, theme or time
 *   zone than the rendering's, or rider app state stored);
 * - without the session check's preload: its answer is in the page.
 */
import type { Locale } from '../../shared/i18n';
import { FIRST_SCREEN_LOADING_ID, FIRST_SCREEN_STATE_ID, type FirstScreenEntry } from '../../shared/rider-first-screen';
import { inertScreen } from '../../shared/shell-template';
import { log } from '../log';
import { stateScriptText } from './first-screen-state';

const SESSION_PRELOAD = /<link rel="preload" href="\/api\/trpc\/auth\.me"[^>]*>/;
const BOOT_SCRIPT = /<script src="\/assets\/boot-[^"]+\.js"><\/script>/;
const APP_OPEN = '<div id="app">';
/** The loading screen in #app is one <div> with no <div> inside (index.html). */
const LOADING_CLOSE = '</div></div>';

export interface FirstScreenPage {
  state: FirstScreenEntry[];
  /** The worker's rendering, the time zone it shows times in and its language; null when there is none. */
  rendered: { html: string; timeZone: string; locale: Locale } | null;
}

/** Where the page's pieces go: null when the page is not a build with boot.js and the loading screen in #app. */
function slots(indexHtml: string) {
  const boot = BOOT_SCRIPT.exec(indexHtml);
  const appAt = indexHtml.indexOf(APP_OPEN);
  const loadingEnd = appAt < 0 ? -1 : indexHtml.indexOf(LOADING_CLOSE, appAt);
  if (!boot || loadingEnd < 0 || loadingEnd > boot.index) return null;
  return { boot: boot.index, loadingStart: appAt + APP_OPEN.length, loadingEnd: loadingEnd + '</div>'.length };
}

/** The rendering made inert; null (the loading screen stays) if it is not the root layout, which would be a bug. */
function screenOrNull(html: string): string | null {
  try {
    return inertScreen('/app', html);
  } catch (err) {
    log.error('the rider app rendered without its root layout', err);
    return null;
  }
}

export const canCarryFirstScreen = (indexHtml: string): boolean => slots(indexHtml) !== null;

export function firstScreenPage(indexHtml: string, { state, rendered }: FirstScreenPage): string {
  const at = slots(indexHtml);
  if (!at) return indexHtml;
  const loading = indexHtml.slice(at.loadingStart, at.loadingEnd);
  const screen = rendered ? screenOrNull(rendered.html) : null;
  const zone = rendered?.timeZone.replace(/[^A-Za-z0-9_+/-]/g, '');
  const kept = screen ? `<template id="${FIRST_SCREEN_LOADING_ID}" data-time-zone="${zone}" data-lang="${rendered!.locale === 'ar' ? 'ar' : 'en'}">${loading}</template>` : '';
  const data = `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${stateScriptText(state)}</script>`;
  const page = [indexHtml.slice(0, at.loadingStart), screen ?? loading, indexHtml.slice(at.loadingEnd, at.boot), kept, data, indexHtml.slice(at.boot)];
  return page.join('').replace(SESSION_PRELOAD, '');
}
