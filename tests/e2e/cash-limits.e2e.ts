import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { translate } from '../../src/shared/i18n';
import { formatMoney, moneyLocale } from '../../src/shared/money';
import { expectToast, signIn, trpcGet, trpcPost } from './fixtures';

/**
 * Issue 9 item 3: a company sets a low cash limit (typed in Arabic-Indic digits), sees who is blocked,
 * reads the day's reconciliation with the demo rider's figures and downloads it as CSV; the Assign
 * flow refuses a cash order with the reason; the notice is on the compliance tab and in the rider app.
 */
test.use({ timezoneId: 'Asia/Kuwait', serviceWorkers: 'block' });

const SHOTS = '.tmp/shots-h3';
const RIDER = 'Rashid Khan';

/** A cash order of Fast Delivery for the demo rider, created and assigned by the company; delivered when asked. */
async function cashOrder(ctx: BrowserContext, riderId: string | null, codAmount: number, customerName: string, deliver = false) {
  const { order } = await trpcPost<{ order: { id: string } }>(ctx, 'company.createOrder', {
    customerName,
    customerPhone: '+96550001234',
    pickupAddress: 'Sultan Center, Salmiya',
    deliveryAddress: 'Salmiya, Block 10, Street 5, House 12',
    deliveryFee: 1,
    codAmount,
    currency: 'KWD',
  });
  if (riderId) await trpcPost(ctx, 'company.assignOrder', { orderId: order.id, riderId });
  if (deliver) {
    await trpcPost(ctx, 'company.setOrderStatus', { orderId: order.id, status: 'picked_up' });
    await trpcPost(ctx, 'company.setOrderStatus', { orderId: order.id, status: 'delivered' });
  }
  return order.id;
}

/** The whole page, and each of this slice's cards on it up close. */
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  const parts = { limits: page.getByTestId('cash-limits-form').locator('xpath=ancestor::section[1]'), reconciliation: page.getByTestId('reconciliation'), notices: page.getByTestId('notices-list').locator('xpath=ancestor::section[1]'), rider: page.getByTestId('rider-notices') };
  for (const [part, locator] of Object.entries(parts)) if (await locator.count()) await locator.first().screenshot({ path: `${SHOTS}/${name}-${part}.png` });
}

async function arabic(browser: Browser, who: 'fast' | 'rider', width: number, height: number) {
  const ctx = await browser.newContext({ viewport: { width, height } });
  await signIn(ctx, who);
  await trpcPost(ctx, 'auth.setLocale', { locale: 'ar' });
  return ctx;
}

test('a low cash limit: blocked rider, reconciliation and CSV, refused assignment, notices for company and rider', async ({ browser }) => {
  test.setTimeout(90_000);
  const company = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signIn(company, 'fast');
  const riders = await trpcGet<{ id: string; name: string; email: string }[]>(company, 'company.riders');
  const rashid = riders.find((r) => r.email === 'rider@example.com')!;
  expect(rashid.name).toBe(RIDER);
  // Cash delivered today by the demo rider (the collection goes to the ledger), under the widest limits.
  await trpcPost(company, 'company.setCashLimits', { limit: '1000000', holdHours: 168 });
  await cashOrder(company, rashid.id, 2.5, `Cash limit E2E ${Date.now()}`, true);

  const page = await company.newPage();
  await page.goto('/company?tab=cash');
  const card = page.getByTestId('cash-limits-form');
  await card.getByTestId('cash-limit-input').fill('٠٫٥');
  await card.getByTestId('cash-hours-input').fill('٢٤');
  await card.getByTestId('cash-limits-save').click();
  await expectToast(page, 'Cash limits saved');
  await expect(page.getByTestId('cash-limits-in-force')).toHaveText(`In force: at most ${formatMoney(500, 'KWD', moneyLocale('KWD', 'en'))} for at most 24 hours`);
  await expect(page.getByTestId('cash-limit-amount')).toHaveText('Set by your company');
  await expect(page.getByTestId('cash-limit-hours')).toHaveText('Set by your company');
  await expect(card.getByTestId('cash-limit-input')).toHaveValue('0.500');
  const blocked = page.getByTestId('cash-blocked-rider').filter({ hasText: RIDER });
  await expect(blocked).toContainText('Over the amount');
  await expect(blocked.getByTestId('cash-blocked-uncounted')).toContainText('not counted yet (');

  // The reconciliation: the screen shows what the ledger says for today.
  const report = await trpcGet<{ date: string; rows: { riderName: string; currency: 'KWD'; collectedMinor: number; outstandingMinor: number }[] }>(company, 'company.reconciliation');
  const mine = report.rows.find((r) => r.riderName === RIDER)!;
  expect(mine.collectedMinor).toBeGreaterThanOrEqual(2_500);
  const row = page.getByTestId('reconciliation-row').filter({ hasText: RIDER });
  await expect(row.locator('td').nth(0)).toHaveText(formatMoney(mine.collectedMinor, 'KWD', moneyLocale('KWD', 'en')));
  await expect(row.locator('td').nth(3)).toHaveText(formatMoney(mine.outstandingMinor, 'KWD', moneyLocale('KWD', 'en')));
  await expect(page.getByTestId('reconciliation-total')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('reconciliation-csv').click()]);
  expect(download.suggestedFilename()).toBe(`kwt-reconciliation-fast-delivery-${report.date}.csv`);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toContain(`${RIDER},KWD,${(mine.collectedMinor / 1000).toFixed(3)},`);
  await shot(page, 'cash-tab-en-1280');

  // The company's Assign flow says why a cash order is refused; the rider keeps taking prepaid orders.
  const name = `Refused cash ${Date.now()}`;
  await cashOrder(company, null, 3, name);
  await page.goto('/company?tab=orders');
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await page.getByTestId('orders-table').locator('tbody tr', { hasText: name }).getByRole('button', { name: 'View' }).click();
  const detail = page.getByTestId('order-detail');
  await detail.locator('select').selectOption({ label: RIDER });
  await detail.getByRole('button', { name: 'Assign', exact: true }).click();
  const state = (await trpcGet<{ riderName: string; handMinor: number; transitMinor: number; uncountedMinor: number }[]>(company, 'company.cashLimitRiders')).find((r) => r.riderName === RIDER)!;
  // The demo rider has a hand-over the company has not counted: it counts against the limit too.
  expect(state.transitMinor).toBeGreaterThan(0);
  expect(state.uncountedMinor).toBe(state.handMinor + state.transitMinor);
  const money = (minor: number) => formatMoney(minor, 'KWD', moneyLocale('KWD', 'en'));
  await expectToast(page, 'Could not save', `${RIDER} has ${money(state.uncountedMinor)} in cash the company has not counted yet, over the cash limit of ${money(500)}. The cash must be handed over and counted before new cash orders.`);
  await page.keyboard.press('Escape');

  // The compliance tab: the notice, unread, then marked read.
  await page.goto('/company?tab=compliance');
  const notice = page.getByTestId('notice').filter({ hasText: `${RIDER} has` }).filter({ hasText: 'not counted yet' }).first();
  await expect(notice).toHaveAttribute('data-read', 'false');
  await expect(notice).toContainText(`over the cash limit of ${money(500)}. No new cash orders until it is handed over and counted.`);
  await shot(page, 'compliance-tab-en-1280');
  await notice.getByTestId('notice-mark-read').click();
  await expect(notice).toHaveAttribute('data-read', 'true');

  // The rider app: why no cash orders come, in a compact alert.
  const riderCtx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signIn(riderCtx, 'rider');
  const app = await riderCtx.newPage();
  await app.goto('/app');
  const alert = app.getByTestId('rider-cash-limit');
  await expect(alert).toContainText('No new cash orders');
  await expect(alert).toContainText(`You have ${money(state.uncountedMinor)} in cash your company has not counted yet, over its cash limit of ${money(500)}.`);
  await shot(app, 'rider-app-en-390');

  // Phone and Arabic views of the same screens.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/company?tab=cash');
  await expect(page.getByTestId('reconciliation-row').first()).toBeVisible();
  await shot(page, 'cash-tab-en-390');
  for (const [w, h] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    const arCompany = await arabic(browser, 'fast', w, h);
    const p = await arCompany.newPage();
    await p.goto('/company?tab=cash');
    await expect(p.getByTestId('cash-limit-amount')).toContainText(translate('ar', 'reconcile.limits.custom'));
    await expect(p.getByTestId('reconciliation-row').first()).toBeVisible();
    await shot(p, `cash-tab-ar-${w}`);
    await p.goto('/company?tab=compliance');
    await expect(p.getByTestId('notice').first()).toBeVisible();
    await shot(p, `compliance-tab-ar-${w}`);
    await trpcPost(arCompany, 'auth.setLocale', { locale: 'en' });
    await arCompany.close();
    const arRider = await arabic(browser, 'rider', w, h);
    const r = await arRider.newPage();
    await r.goto('/app');
    await expect(r.getByTestId('rider-cash-limit')).toContainText(translate('ar', 'reconcile.rider.blockedTitle'));
    await shot(r, `rider-app-ar-${w}`);
    await trpcPost(arRider, 'auth.setLocale', { locale: 'en' });
    await arRider.close();
  }
  await app.setViewportSize({ width: 1280, height: 800 });
  await shot(app, 'rider-app-en-1280');

  // Back to the defaults, so later files can give the demo rider cash orders.
  await trpcPost(company, 'company.setCashLimits', { limit: null, holdHours: null });
  await company.close();
  await riderCtx.close();
});
