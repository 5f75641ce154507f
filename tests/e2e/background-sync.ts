import { expect, type BrowserContext } from '@playwright/test';

/**
 * Fire the outbox's Background Sync ('kwt-outbox') the way Chromium does when the network comes back, with no page
 * of the app open: headless Chromium never fires it by itself after Playwright's offline switch (DevTools' network
 * emulation, which Background Sync does not watch), so the DevTools protocol's ServiceWorker.dispatchSyncEvent
 * (DevTools' own "Sync" button) is sent from an about:blank tab.
 */
export async function fireBackgroundSync(context: BrowserContext, base: string): Promise<void> {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.find((r) => r.scopeURL === `${base}/`)).toBeTruthy();
  const reg = registrations.find((r) => r.scopeURL === `${base}/`)!;
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: base, registrationId: reg.registrationId, tag: 'kwt-outbox', lastChance: false });
}
