/**
 * The queries the rider app's first screen asks for (routes/-components/app: the header, the region, duty and
 * orders cards, the rules banner, the notices; then the figures column's documents and hand-overs). The server
 * answers them with the page for a signed-in rider (src/server/ssr), so the app opens with its data instead of
 * asking for it after its code has run. `src/server/ssr/first-screen.test.ts` fails when the server's rendering
 * (the header and the work column) asks for a query that is not listed here; the figures column, which mounts
 * after the first paint, is not rendered there, and its documents and hand-overs are listed by hand.
 */
export const RIDER_FIRST_SCREEN_QUERIES = [
  { path: ['auth', 'me'] },
  { path: ['rider', 'rulesNow'] },
  { path: ['rider', 'cashLimit'] },
  { path: ['rider', 'notices'], input: { unreadOnly: true } },
  { path: ['rider', 'duty'] },
  { path: ['rider', 'orders'] },
  { path: ['rider', 'dashboard'] },
  { path: ['rider', 'documents'] },
  { path: ['rider', 'handovers'] },
] as const;

/** The id of the page's <script type="application/json"> that carries those answers, as FirstScreenEntry[]. */
export const FIRST_SCREEN_STATE_ID = 'kwt-state';
/** The id of the <template> that keeps the loading screen when #app holds the server's rendering (src/client/boot/boot.js). */
export const FIRST_SCREEN_LOADING_ID = 'shell-loading';
/**
 * The cookie the rider app sets once it has stored anything in this browser: boot.js would then put the loading
 * screen back, so the server does not render the screen for it (src/server/http/first-screen.ts).
 */
export const RIDER_STATE_COOKIE = 'kwt_rider_state';
/** The attribute boot.js puts on #app when it keeps the server's rendering (src/client/first-screen.ts hydrates it then). */
export const FIRST_SCREEN_KEPT_ATTR = 'data-server-screen';

/** One answer as the page carries it: the query's key (tRPC's, as the app's hooks make it) and its data. */
export type FirstScreenEntry = [queryKey: readonly unknown[], data: unknown];
