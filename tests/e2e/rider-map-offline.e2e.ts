import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, request, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { appMounted, freshCompany, freshRider, markOnboarded, PASSWORD, trpcPost } from './fixtures';

/**
 * Issue 20, item 6: the rider's map and addresses offline. The suite's tiles come from the test server itself
 * (MAP_TILE_URL → /e2e-tiles, src/server/http/e2e-tiles.ts), so they pass through the service worker like a real tile
 * host's would; Playwright's request routing would make Chromium bypass the worker. A persistent profile, so the
 * worker, its tile cache and the cookies outlive the reload.
 *
 * RIDER_MAP_SHOTS=<dir> also saves screenshots of the map and an order card, online and offline, at 390x844 and 1280x800.
 */
const BASE = () => test.info().project.use.baseURL!;
const SHOTS = process.env.RIDER_MAP_SHOTS;

const salmiya = { country: 'KW', governorate: 'hawalli', area: 'salmiya', block: '10', street: '5', building: '12', floor: '3', flat: '7', paci: '12345678', landmark: 'Next to the co-op', pin: { lat: 29.3346, lng: 48.0768 } };
const shuwaikh = { country: 'KW', governorate: 'capital', area: 'shuwaikh', block: '1', street: 'Canada Dry St', building: 'Warehouse 4', paci: '', landmark: '', pin: { lat: 29.3505, lng: 47.9425 } };

test.describe.configure({ timeout: 60_000 });

const tileHits = async () => ((await (await fetch(`${BASE()}/e2e-tiles/hits`)).json()) as { hits: number }).hits;

/** The map's tiles that are drawn: loaded images with pixels. */
const drawnTiles = (page: Page) =>
  page.locator('[data-testid="rider-map-canvas"] img.leaflet-tile').evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).filter((i) => i.complete && i.naturalWidth > 0 && i.classList.contains('leaflet-tile-loaded')).map((i) => i.src).sort(),
  );

/** The drawn tiles once the map has settled: every tile it asked for drawn, and the same set half a second later (a tile still loading when the set was read showed up offline as one tile more). */
async function settledTiles(page: Page): Promise<string[]> {
  let last: string[] = [];
  await expect
    .poll(async () => {
      const pending = await page.locator('[data-testid="rider-map-canvas"] img.leaflet-tile:not(.leaflet-tile-loaded)').count();
      const now = await drawnTiles(page);
      const same = now.length > 0 && pending === 0 && now.join() === last.join();
      last = now;
      return same;
    }, { intervals: [500] })
    .toBe(true);
  return last;
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [w, h] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.getByTestId('rider-map').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `${name}-${w}.png`) });
    await page.locator('[data-testid="my-order"]').first().screenshot({ path: join(SHOTS, `${name}-card-${w}.png`) });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test('tiles viewed online draw offline from the worker’s cache; pins, addresses and navigation links from the cached orders', async () => {
  const company = await freshCompany('kuwait');
  const rider = await freshRider(company);
  const manager = await request.newContext({ baseURL: BASE() });
  expect((await manager.post('/api/auth/login', { data: { email: company.manager.email, password: PASSWORD } })).status()).toBe(200);
  const order = { customerPhone: '+96550001234', pickupAddress: 'ignored', deliveryAddress: 'ignored', deliveryFee: 0, currency: 'KWD' };
  const pinned = await trpcPost<{ order: { id: string } }>(manager, 'company.createOrder', { ...order, customerName: 'Noura Al-Sabah', pickupAddressParts: shuwaikh, deliveryAddressParts: salmiya });
  const plain = await trpcPost<{ order: { id: string } }>(manager, 'company.createOrder', { ...order, customerName: 'Fahad Al-Mutairi', pickupAddress: 'Warehouse 4, Shuwaikh', deliveryAddress: 'Jabriya, Block 8, Street 3' });
  for (const o of [pinned, plain]) await trpcPost(manager, 'company.assignOrder', { orderId: o.order.id, riderId: rider.id });
  await manager.dispose();

  const profile = mkdtempSync(join(tmpdir(), 'kwt-map-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, baseURL: BASE(), viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Kuwait' });
  try {
    const login = await context.request.post('/api/auth/login', { data: { email: rider.email, password: PASSWORD } });
    expect(login.status()).toBe(200);
    await markOnboarded(context, ((await login.json()) as { user: { id: string; role: 'rider' } }).user);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addLocatorHandler(page.getByRole('button', { name: 'Later' }), (b) => b.click());
    await page.goto('/app');
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByTestId('region-confirm').click();
    await appMounted(page);

    // Online: the map opens on demand; its tiles reach the tile server and land in the worker's cache.
    const before = await tileHits();
    await page.getByTestId('rider-map-toggle').click();
    await expect(page.getByTestId('rider-map')).toHaveAttribute('data-stops', '2');
    const online = await settledTiles(page);
    expect(online.every((src) => src.startsWith(`${BASE()}/e2e-tiles/`))).toBe(true);
    expect(await tileHits()).toBeGreaterThanOrEqual(before + online.length);
    await expect
      .poll(() => page.evaluate(async (srcs) => {
        const cache = await caches.open('kwt-map-tiles');
        return (await Promise.all(srcs.map((s) => cache.match(s)))).filter(Boolean).length;
      }, online))
      .toBe(online.length);
    await shoot(page, 'map-online');

    // A second page of the app, loaded online with its map closed; the first one closed. Then offline, with this page's
    // HTTP and memory caches off (DevTools' "Disable cache", which leaves the service worker in the path): opening the
    // map loads its code from the worker's precache and draws the same tiles, each answered by the worker, none
    // reaching the tile server. (Reloading /app offline shows the sign-in page on this branch until the offline
    // start of issue 20, item 1, is merged; then this can be a reload.)
    const second = await context.newPage();
    await second.addLocatorHandler(second.getByRole('button', { name: 'Later' }), (b) => b.click());
    await second.goto('/app');
    await appMounted(second);
    await expect(second.getByTestId('my-order')).toHaveCount(2);
    await page.close();
    await context.setOffline(true);
    const cdp = await context.newCDPSession(second);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const answered = new Map<string, boolean>();
    cdp.on('Network.responseReceived', (e) => {
      if (e.response.url.includes('/e2e-tiles/')) answered.set(e.response.url, e.response.fromServiceWorker === true);
    });
    const offlineHits = await tileHits();
    await second.getByTestId('rider-map-toggle').click();
    await expect(second.getByTestId('rider-map-offline')).toHaveText('Offline: the map shows the areas you viewed while online.');
    await expect(second.getByTestId('rider-map')).toHaveAttribute('data-stops', '2');
    await expect.poll(() => drawnTiles(second)).toEqual(online);
    expect([...answered].sort()).toEqual(online.map((src) => [src, true]));
    expect(await tileHits()).toBe(offlineHits);
    // Both pins of the order with pins (pickup and delivery) and its number on its card; the other card has none.
    await expect(second.locator('.rider-stop')).toHaveCount(2);
    await expect(second.getByRole('button', { name: '1. Delivery to Noura Al-Sabah' })).toBeVisible();
    await expect(second.getByRole('button', { name: '1. Pickup for Noura Al-Sabah' })).toBeVisible();

    // The cached orders: the address's text, PACI number and landmark, and the hand-off by coordinates.
    const card = second.locator(`[data-testid="my-order"][data-order-id="${pinned.order.id}"]`);
    await expect(card.getByTestId('order-map-number')).toHaveText('1');
    const delivery = card.getByTestId('order-delivery');
    await expect(delivery.getByTestId('order-address-parts')).toContainText('Salmiya, Hawalli');
    await expect(delivery.getByTestId('order-address-parts')).toContainText('Block 10, Street 5, Building 12, Floor 3, Flat 7');
    await expect(delivery.getByTestId('order-address-code')).toHaveText('PACI number: 12345678');
    await expect(delivery.getByTestId('order-address-landmark')).toHaveText('Landmark: Next to the co-op');
    await expect(delivery.getByTestId('nav-google')).toHaveAttribute('href', 'https://www.google.com/maps/dir/?api=1&destination=29.334600,48.076800');
    await expect(delivery.getByTestId('nav-waze')).toHaveAttribute('href', 'https://waze.com/ul?ll=29.334600,48.076800&navigate=yes');
    await expect(card.getByTestId('order-pickup').getByTestId('nav-waze')).toHaveAttribute('href', 'https://waze.com/ul?ll=29.350500,47.942500&navigate=yes');
    const other = second.locator(`[data-testid="my-order"][data-order-id="${plain.order.id}"]`);
    await expect(other.getByTestId('order-map-number')).toHaveCount(0);
    await expect(other.getByTestId('order-delivery').getByTestId('nav-waze')).toHaveCount(0);
    await expect(other.getByRole('link', { name: 'Open Jabriya, Block 8, Street 3 in Google Maps' })).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Jabriya, Block 8, Street 3')}`,
    );
    await shoot(second, 'map-offline');
    if (SHOTS) {
      await second.getByRole('button', { name: 'Language: English. Switch to العربية' }).click();
      await expect(second.locator('html')).toHaveAttribute('dir', 'rtl');
      await shoot(second, 'map-offline-ar');
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
