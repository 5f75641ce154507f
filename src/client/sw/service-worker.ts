/**
 * The service worker (issue 20, items 2, 4 and 6), built by vite-plugin-pwa's injectManifest into /service-worker.js:
 * - the app's build precached (Workbox), outdated precaches removed, a new worker taking over at once;
 * - every page navigation from the server, the precached shell when offline (navigation.ts);
 * - /api/* and /mcp never from a cache (no route: the browser's own fetch);
 * - map tiles kept in a bounded least-recently-used cache (tiles.ts);
 * - the outbox replayed on Background Sync (replay.ts), the open pages told when it has run.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { OUTBOX_SETTLED_MESSAGE, type OutboxMessage } from '../outbox/worker-messages';
import { loginNavigation, navigate } from './navigation';
import { OUTBOX_SYNC_TAG, replayOutbox } from './replay';
import { sw } from './sw-scope';
import { isTileRequest } from './tile-lru';
import { tileResponse } from './tiles';

declare const self: { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

void sw.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const isApi = (path: string) => path.startsWith('/api/') || path === '/mcp' || path.startsWith('/mcp/');

registerRoute(({ request, url }) => request.mode === 'navigate' && url.origin === sw.location.origin && url.pathname === '/api/login', ({ request }) => loginNavigation(request));
registerRoute(({ request, url }) => request.mode === 'navigate' && url.origin === sw.location.origin && !isApi(url.pathname), ({ request }) => navigate(request));
registerRoute(({ request, url }) => isTileRequest(url, request.destination), ({ request, event }) => tileResponse(request, event as never));

/** Tells the open pages what became of each record the worker sent, so they re-read the outbox and refetch their views. */
async function tellPages(message: OutboxMessage) {
  for (const client of await sw.clients.matchAll({ type: 'window' })) client.postMessage(message);
}

sw.addEventListener('sync', (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(replayOutbox((entry, outcome) => void tellPages({ type: OUTBOX_SETTLED_MESSAGE, entry, outcome })));
});
