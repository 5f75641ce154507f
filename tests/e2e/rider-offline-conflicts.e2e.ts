import { expect, request, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { replayOutbox } from './outbox-replay';
import { freshCompany, freshRider, PASSWORD, signIn, trpcGet, trpcPost, type FreshCompany, type FreshRider } from './fixtures';

/**
 * Issue 20, item 5: one test per conflict. The rider records something offline, the company changes the server
 * meanwhile (through its own API), the phone comes back online and replays; the rider's outbox list says in plain
 * words what became of each record, and the company's records to review show the flagged ones.
 * An ordinary context is enough (service workers blocked: the page's own outbox replays on `online`).
 */
test.use({ viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Kuwait', serviceWorkers: 'block' });

interface World {
  company: FreshCompany;
  rider: FreshRider;
  manager: APIRequestContext;
}

async function world(context: BrowserContext): Promise<World> {
  const company = await freshCompany('kuwait');
  const rider = await freshRider(company);
  const manager = await request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await manager.post('/api/auth/login', { data: { email: company.manager.email, password: PASSWORD } })).status()).toBe(200);
  await signIn(context, rider);
  // The region was chosen before (a bare id, as older versions stored it): no picker in the way.
  await context.addInitScript(() => localStorage.setItem('rider-region', 'kuwait'));
  return { company, rider, manager };
}

/** A cash order of the company, assigned to `riderId` by the manager. */
async function assigned(w: World, riderId: string, codAmount = 0): Promise<string> {
  const { order } = await trpcPost<{ order: { id: string } }>(w.manager, 'company.createOrder', {
    customerName: 'Noura Al-Sabah',
    customerPhone: '+96550001234',
    pickupAddress: 'Warehouse 4, Shuwaikh',
    deliveryAddress: 'Salmiya, Block 10, Street 5, House 12',
    deliveryFee: 1,
    codAmount,
    currency: 'KWD',
  });
  await trpcPost(w.manager, 'company.assignOrder', { orderId: order.id, riderId });
  return order.id;
}

async function openApp(page: Page) {
  await page.addLocatorHandler(page.getByTestId('onboarding-modal').getByRole('button', { name: 'Skip for Now' }), (b) => b.click());
  await page.goto('/app');
  await expect(page.getByTestId('rider-app').getByRole('heading', { level: 1 })).toHaveText('Rider App');
}

/**
 * Open and close the odometer dialog while online: its code is a lazy chunk, which this context (no service
 * worker, so nothing precached) could not fetch offline.
 */
async function loadOdometerDialog(page: Page, button: 'duty-start' | 'duty-end') {
  await page.getByTestId(button).click();
  await expect(page.getByTestId('odometer-input')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
}

const card = (page: Page, orderId: string) => page.locator(`[data-testid="my-order"][data-order-id="${orderId}"]`);

/**
 * A first tap while online: the delivery and failure dialogs' code is a chunk fetched on the page's first tap
 * (src/client/ui/lazyOnInteraction.ts), which this context (no service worker, so nothing precached) could not
 * fetch once offline.
 */
async function firstTapOnline(page: Page) {
  const fetched = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/assets/OrderDialogs-'));
  await page.getByTestId('rider-app').getByRole('heading', { level: 1 }).click();
  await fetched;
}

async function pickUp(page: Page, orderId: string) {
  await card(page, orderId).getByTestId('order-picked-up').click();
  await expect(card(page, orderId).getByTestId('order-status')).toHaveText('Picked up');
}

async function deliver(page: Page, orderId: string, pin?: string) {
  await card(page, orderId).getByTestId('order-delivered').click();
  const dialog = page.getByTestId('deliver-dialog');
  await dialog.getByTestId('recipient-name').fill('Noura');
  if (pin) await dialog.getByTestId('delivery-pin').fill(pin);
  await dialog.getByTestId('deliver-submit').click();
  // Kept on the phone (or sent): the dialog closes and the order leaves the list.
  await expect(dialog).toBeHidden();
  await expect(card(page, orderId)).toHaveCount(0);
}

/** Back online: the replay runs; then the outbox list, with each record's state and reason, newest first. */
async function replayAndList(page: Page, context: BrowserContext) {
  await replayOutbox(page, context);
  return openList(page);
}


async function openList(page: Page) {
  await page.getByTestId('outbox-list-button').click();
  const list = page.getByTestId('outbox-list');
  await expect(list).toBeVisible();
  return list.getByTestId('outbox-record');
}

async function expectRecord(records: ReturnType<Page['getByTestId']>, i: number, state: string, title: string, reason?: string | RegExp) {
  const r = records.nth(i);
  await expect(r).toHaveAttribute('data-state', state);
  await expect(r).toContainText(title);
  if (reason !== undefined) await expect(r.getByTestId('outbox-record-reason')).toHaveText(reason);
}

/** The company's records to review: [kind, outcome, reason] of each, newest first. */
async function companyFlags(w: World) {
  const list = await trpcGet<{ kind: string; outcome: string; reasonKey: string; riderName: string }[]>(w.manager, 'company.flagged', { open: true });
  return list.map((f) => [f.kind, f.outcome, f.riderName]);
}

test('the order was given to another rider: the pick-up made offline is applied to the rider with the parcel, flagged', async ({ page, context }) => {
  const w = await world(context);
  const other = await freshRider(w.company);
  const orderId = await assigned(w, w.rider.id);
  await openApp(page);
  await context.setOffline(true);
  await pickUp(page, orderId);
  await trpcPost(w.manager, 'company.assignOrder', { orderId, riderId: other.id });
  const records = await replayAndList(page, context);
  await expectRecord(
    records,
    0,
    'flagged',
    'Picked up',
    `The company had given this order to ${other.name} while the phone was offline. The pickup was applied: the parcel is with the rider who recorded it.`,
  );
  await expect(records.nth(0)).toContainText('Sent, flagged for the company');
  expect(await companyFlags(w)).toEqual([['order_reassigned', 'applied', w.rider.name]]);
});

test('the order was cancelled: the pick-up is refused (return the parcel), the delivery made offline is applied and flagged', async ({ page, context }) => {
  const w = await world(context);
  const orderId = await assigned(w, w.rider.id, 3.5);
  await openApp(page);
  await firstTapOnline(page);
  await context.setOffline(true);
  await pickUp(page, orderId);
  await deliver(page, orderId);
  await trpcPost(w.manager, 'company.setOrderStatus', { orderId, status: 'cancelled' });
  const records = await replayAndList(page, context);
  await expectRecord(records, 0, 'flagged', 'Delivered', /^The company cancelled this order at .+, but the parcel had been delivered\. The delivery was applied, with any cash collected\.$/);
  await expectRecord(records, 1, 'refused', 'Picked up', /^The company cancelled this order at .+\. The pickup was not applied: return the parcel to the company\.$/);
  await page.waitForTimeout(400); // the dialog's opening animation, for the picture
  await page.screenshot({ path: test.info().outputPath('outbox-list-390.png') });
  expect(await companyFlags(w)).toEqual([
    ['order_cancelled', 'applied', w.rider.name],
    ['order_cancelled', 'refused', w.rider.name],
  ]);
  // The company's list, as the manager sees it.
  const company = await page.context().browser()!.newContext({ viewport: { width: 1280, height: 800 } });
  await signIn(company, w.company.manager);
  const portal = await company.newPage();
  await portal.goto('/company?tab=orders');
  const flagged = portal.getByTestId('flagged-record');
  await expect(flagged).toHaveCount(2);
  await portal.getByTestId('flagged-records').screenshot({ path: test.info().outputPath('flagged-1280.png') });
  await portal.setViewportSize({ width: 390, height: 844 });
  await portal.getByTestId('flagged-records').screenshot({ path: test.info().outputPath('flagged-390.png') });
  await expect(flagged.first()).toContainText('Order cancelled');
  await expect(flagged.first().getByTestId('flagged-reason')).toHaveText(/^The company cancelled this order at .+, but the parcel had been delivered\./);
  await flagged.first().getByTestId('flagged-review').click();
  await expect(flagged).toHaveCount(1);
  await company.close();
});

test('the company ended the duty: the breaks are refused, the end of duty adds its reading, flagged', async ({ page, context }) => {
  const w = await world(context);
  expect((await context.request.post('/api/rider/duty/start', { data: { startOdometerKm: 1000 } })).status()).toBe(200);
  await openApp(page);
  await expect(page.getByTestId('duty-status')).toHaveText('On duty');
  await loadOdometerDialog(page, 'duty-end');
  await context.setOffline(true);
  await page.getByTestId('break-toggle').click();
  await expect(page.getByTestId('duty-status')).toHaveText('On break');
  await page.getByTestId('break-toggle').click();
  await page.getByTestId('duty-end').click();
  await page.getByTestId('odometer-input').fill('1042');
  await page.getByTestId('odometer-submit').click();
  await expect(page.getByTestId('duty-status')).toHaveText('Off duty');
  await trpcPost(w.manager, 'company.endRiderDuty', { id: w.rider.id });
  const records = await replayAndList(page, context);
  await expectRecord(records, 0, 'flagged', 'Duty ended', /^The company had already ended this duty at .+\. The end reading 1042 km was added to it\.$/);
  await expectRecord(records, 1, 'refused', 'Break ended', /^The company ended this duty at .+\. The break was not recorded\.$/);
  await expectRecord(records, 2, 'refused', 'Break started', /^The company ended this duty at .+\. The break was not recorded\.$/);
  expect(await companyFlags(w)).toEqual([['duty_ended', 'applied', w.rider.name]]);
});

test('the cash limit was reached: the cash delivery made offline is applied (the cash is real) and flagged', async ({ page, context }) => {
  const w = await world(context);
  await trpcPost(w.manager, 'company.setCashLimits', { limit: '5', holdHours: null });
  const orderId = await assigned(w, w.rider.id, 7.25);
  await openApp(page);
  await firstTapOnline(page);
  await context.setOffline(true);
  await pickUp(page, orderId);
  await deliver(page, orderId);
  const records = await replayAndList(page, context);
  await expectRecord(records, 0, 'flagged', 'Delivered', 'With this cash the rider holds KWD 7.250, over the company\u2019s limit of KWD 5.000. Applied: the cash must be handed over.');
  await expectRecord(records, 1, 'sent', 'Picked up');
  expect(await companyFlags(w)).toEqual([['cash_limit', 'applied', w.rider.name]]);
});

test('the rules now forbid it: a duty started offline, then the company records an expired licence: refused with the reason, and the company is told', async ({ page, context }) => {
  const w = await world(context);
  await openApp(page);
  await loadOdometerDialog(page, 'duty-start');
  await context.setOffline(true);
  await page.getByTestId('duty-start').click();
  await page.getByTestId('odometer-input').fill('2000');
  await page.getByTestId('odometer-submit').click();
  // Kept on the phone: the dialog closes, the app shows the duty.
  await expect(page.getByTestId('odometer-input')).toBeHidden();
  await expect(page.getByTestId('duty-status')).toHaveText('On duty');
  await trpcPost(w.manager, 'company.saveDocument', { riderId: w.rider.id, type: 'driving_licence', number: 'DL-1', expiresOn: '2020-01-31' });
  const refusal = 'Your driving license expired on 31 January 2020. Renew it before going on duty.';
  await replayOutbox(page, context);
  await expect(page.getByTestId('duty-status')).toHaveText('Off duty');
  const records = await openList(page);
  await expectRecord(records, 0, 'refused', 'Duty started', refusal);
  expect(await companyFlags(w)).toEqual([['rules', 'refused', w.rider.name]]);
});

test('older than 24 hours: a delivery recorded by a phone a day behind is applied with its time and flagged', async ({ page, context }) => {
  const w = await world(context);
  const orderId = await assigned(w, w.rider.id);
  await page.clock.install({ time: Date.now() - 25 * 3_600_000 });
  await openApp(page);
  await firstTapOnline(page);
  await context.setOffline(true);
  await pickUp(page, orderId);
  await deliver(page, orderId);
  await page.clock.setSystemTime(Date.now());
  const records = await replayAndList(page, context);
  const tooOld = /^Recorded on .+, more than 24 hours before it reached the server\. Applied with the phone’s time: check it\.$/;
  await expectRecord(records, 0, 'flagged', 'Delivered', tooOld);
  await expectRecord(records, 1, 'flagged', 'Picked up', tooOld);
  expect(await companyFlags(w)).toEqual([
    ['too_old', 'applied', w.rider.name],
    ['too_old', 'applied', w.rider.name],
  ]);
});

test('the PIN typed offline does not match: the delivery is applied, flagged "PIN mismatch"; online the same PIN is refused', async ({ page, context }) => {
  const w = await world(context);
  const orderId = await assigned(w, w.rider.id);
  // The customer's PIN, as the tracking page shows it to them.
  const { trackingCode } = await trpcGet<{ trackingCode: string }>(w.manager, 'company.orderDetail', { id: orderId });
  const { deliveryPin: pin } = (await (await w.manager.get(`/api/track/${trackingCode}`)).json()) as { deliveryPin: string };
  const wrong = pin === '0000' ? '1111' : '0000';
  await openApp(page);
  await pickUp(page, orderId);
  // Online: refused at the door, as before.
  await card(page, orderId).getByTestId('order-delivered').click();
  const dialog = page.getByTestId('deliver-dialog');
  await dialog.getByTestId('recipient-name').fill('Noura');
  await dialog.getByTestId('delivery-pin').fill(wrong);
  await dialog.getByTestId('deliver-submit').click();
  await expect(dialog).toContainText('The PIN does not match this order');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await context.setOffline(true);
  await deliver(page, orderId, wrong);
  const records = await replayAndList(page, context);
  await expectRecord(records, 0, 'flagged', 'Delivered', 'The PIN typed offline does not match this order. The delivery was applied: check it with the customer.');
  expect(await companyFlags(w)).toEqual([['pin_mismatch', 'applied', w.rider.name]]);
});
