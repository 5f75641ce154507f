import type { QueryClient } from '@tanstack/react-query';
import { FIRST_SCREEN_KEPT_ATTR, FIRST_SCREEN_STATE_ID, type FirstScreenEntry } from '../shared/rider-first-screen';
import { rememberSignedIn, SESSION_QUERY_KEY } from './session';

/** The answers that came with the page count as fresh this long: the app's hooks do not ask for them again at once. */
const FIRST_SCREEN_FRESH_MS = 30_000;

/**
 * The first screen's answers the server put in the page (src/server/ssr, a signed-in rider's `/app`) go into the
 * query cache before the first render, so the app renders with its data at once, without a loading state and a
 * second render when the answers come. True when the page had them.
 */
export function seedFirstScreen(queryClient: QueryClient): boolean {
  const el = document.getElementById(FIRST_SCREEN_STATE_ID);
  if (!el?.textContent) return false;
  let entries: FirstScreenEntry[];
  try {
    entries = JSON.parse(el.textContent) as FirstScreenEntry[];
  } catch {
    return false;
  }
  for (const [key, data] of entries) {
    queryClient.setQueryDefaults(key, { staleTime: FIRST_SCREEN_FRESH_MS });
    queryClient.setQueryData(key, data);
  }
  // After that, these queries are fresh no longer than any other.
  setTimeout(() => entries.forEach(([key]) => queryClient.setQueryDefaults(key, {})), FIRST_SCREEN_FRESH_MS);
  el.remove();
  if (queryClient.getQueryData(SESSION_QUERY_KEY as unknown as readonly unknown[])) rememberSignedIn(true);
  return entries.length > 0;
}

/**
 * #app's root when it is the server's rendering of the rider app and boot.js kept it (it marks #app so, having
 * checked that the app's own first render is the same). Without boot.js's say, React renders over it instead.
 */
export function serverRendered(container: HTMLElement): Element | null {
  const root = container.firstElementChild;
  return container.hasAttribute(FIRST_SCREEN_KEPT_ATTR) && root?.hasAttribute('inert') ? root : null;
}
