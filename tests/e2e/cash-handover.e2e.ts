import { chromium, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { encode } from 'uqr';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { expireHandoverCode } from './db';
import { CAMERA_SIZE, fakeCameraArgs, writeY4m } from './fake-camera';
import { expectToast, freshCompany, freshRider, getJson, giveCash, signIn, trpcPost, type FreshCompany, type FreshRider } from './fixtures';

/**
 * The verified cash hand-over (issue 9) end to end, with two browser contexts side by side: a rider
 * submits cash and shows the one-time code; the company's manager counts less, both see the
 * discrepancy, the manager resolves it. Then the same with the QR code, read by the manager's camera
 * (Chromium's fake camera films the rider's QR code). Each test makes its own company, rider and cash
 * (fixtures.ts), so the amounts it expects are known and no test depends on another.
 */
const SHOTS = '.tmp/shots-h1';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test.use({ timezoneId: 'Asia/Kuwait', serviceWorkers: 'block' });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}x${page.viewportSize()!.height}.png`, fullPage: false });

const dashboard = (ctx: BrowserContext) => getJson<{ cashOnHand: number; pendingCash: number; outstandingCash: number }>(ctx, '/api/dashboard/rider');

/** A new company with one rider holding `cash` (KWD, one delivered cash order per amount). */
async function riderWithCash(cash: number[]) {
  const company = await freshCompany();
  const rider = await freshRider(company);
  await giveCash(company, rider, cash);
  return { company, rider };
}

async function riderContext(browser: Browser, rider: FreshRider) {
  const ctx = await browser.newContext({ viewport: PHONE, timezoneId: 'Asia/Kuwait', serviceWorkers: 'block' });
  await signIn(ctx, rider);
  return ctx;
}
async function managerContext(browser: Browser, company: FreshCompany, viewport = DESKTOP) {
  const ctx = await browser.newContext({ viewport, timezoneId: 'Asia/Kuwait', serviceWorkers: 'block' });
  await signIn(ctx, company.manager);
  return ctx;
}
/** The rider's hand-over of `amount`, submitted by API: its id, one-time code and QR text. */
async function submitted(riderCtx: BrowserContext, rider: FreshRider, amount: number) {
  const res = await riderCtx.request.post(`/api/riders/${rider.id}/cash/submit`, { data: { amount } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { submissionId: string; code: string; qr: string };
}
/** Arabic for this page: the account's language wins over the browser's (the account is this test's own: nothing to put back). */
async function arabic(page: Page) {
  await trpcPost(page.context(), 'auth.setLocale', { locale: 'ar' });
  await page.evaluate(() => localStorage.setItem('kwt.locale', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

test('code: the rider submits and shows the code; the company counts less; both see the discrepancy; the company resolves it', async ({ browser }) => {
  test.setTimeout(90_000);
  const { company, rider: rashid } = await riderWithCash([3]);
  // A second rider's hand-over whose code has run out: the inbox cannot check it and says why.
  const waiting = await freshRider(company);
  await giveCash(company, waiting, [1]);
  const waitingCtx = await riderContext(browser, waiting);
  await expireHandoverCode((await submitted(waitingCtx, waiting, 1)).submissionId);
  await waitingCtx.close();
  const riderCtx = await riderContext(browser, rashid);
  expect(await dashboard(riderCtx)).toMatchObject({ cashOnHand: 3, pendingCash: 0 });

  // Rider (phone): Submit Cash 2.000 on /app → the hand-over panel with the QR code and the code.
  const rider = await riderCtx.newPage();
  await rider.goto('/app');
  await rider.getByTestId('cash-amount').fill('٢');
  await rider.getByTestId('cash-submit').click();
  await expectToast(rider, 'Cash submitted: KWD 2.000');
  const panel = rider.getByTestId('handover-pending').filter({ hasText: 'KWD 2.000' });
  await expect(panel.getByTestId('handover-qr')).toBeVisible();
  const code = (await panel.getByTestId('handover-code').textContent())!.trim();
  expect(code).toMatch(/^\d{6}$/);
  await expect(panel.getByTestId('handover-expiry')).toContainText('Valid until');
  await expect(rider.getByTestId('app-cash-pending')).toHaveText('KWD 2.000');
  await panel.scrollIntoViewIfNeeded();
  await shot(rider, 'rider-code-en');

  // Company (desktop): Cash tab → the pending hand-over → Enter code, count 1.500.
  const managerCtx = await managerContext(browser, company);
  const manager = await managerCtx.newPage();
  await manager.goto('/company?tab=cash');
  const row = manager.getByTestId('inbox-pending').getByTestId('inbox-row').filter({ hasText: rashid.name }).filter({ hasText: 'KWD 2.000' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Code on the rider's phone");
  await expect(row.getByTestId('inbox-confirm')).toBeEnabled();
  // The hand-over whose code ran out shows no code: it cannot be checked, and the row says why.
  const noCode = manager.getByTestId('inbox-pending').getByTestId('inbox-row').filter({ hasText: 'Ask the rider to show a code' });
  await expect(noCode).toHaveCount(1);
  await expect(noCode).toContainText(waiting.name);
  await expect(noCode.getByTestId('inbox-confirm')).toBeDisabled();
  await expect(noCode.getByTestId('inbox-confirm')).toHaveAttribute('aria-describedby', /^inbox-why-/);
  await shot(manager, 'company-inbox-en');
  await row.getByTestId('inbox-confirm').click();
  const dialog = manager.getByTestId('handover-confirm');
  await expect(dialog.getByTestId('confirm-counted')).toHaveValue('2.000');
  // A wrong code first: refused, with the tries left.
  await dialog.getByTestId('confirm-code').fill(code === '000000' ? '111111' : '000000');
  await dialog.getByTestId('confirm-submit').click();
  await expect(dialog.getByTestId('confirm-error')).toHaveText('That code is wrong. Tries left: 4');
  await dialog.getByTestId('confirm-code').fill(code);
  await dialog.getByTestId('confirm-counted').fill('1.5');
  await expect(dialog.getByTestId('confirm-differs')).toBeVisible();
  await shot(manager, 'company-confirm-en');
  // More decimals than KWD has: refused, not rounded.
  await dialog.getByTestId('confirm-counted').fill('1.5004');
  await dialog.getByTestId('confirm-submit').click();
  await expect(dialog.getByTestId('confirm-error')).toHaveText('An amount in KWD can have at most 3 decimals');
  await dialog.getByTestId('confirm-counted').fill('1.5');
  // A different count is asked a second time, with the difference, before it is posted.
  await dialog.getByTestId('confirm-submit').click();
  const check = dialog.getByTestId('confirm-check');
  await expect(check.getByTestId('confirm-check-amount')).toHaveText('KWD 2.000');
  await expect(check.getByTestId('confirm-check-counted')).toHaveText('KWD 1.500');
  await expect(check.getByTestId('confirm-check-difference')).toHaveText('KWD 0.500');
  await expect(check).toContainText('Short');
  await shot(manager, 'company-confirm-check-en');
  await check.getByTestId('confirm-back').click();
  await expect(dialog.getByTestId('confirm-counted')).toHaveValue('1.5');
  await dialog.getByTestId('confirm-submit').click();
  await dialog.getByTestId('confirm-record').click();
  await expectToast(manager, 'Recorded as a discrepancy', 'Counted KWD 1.500 of KWD 2.000: KWD 0.500 short');

  // Both see it: the company under Discrepancies, the rider live (no reload) in the hand-over panel.
  await manager.getByTestId('inbox-view-discrepancies').click();
  const diff = manager.getByTestId('inbox-discrepancies').getByTestId('inbox-row').filter({ hasText: rashid.name });
  await expect(diff.getByTestId('inbox-difference')).toHaveText('Counted KWD 1.500 of KWD 2.000: KWD 0.500 short');
  const recent = rider.getByTestId('handover-recent').filter({ hasText: 'KWD 2.000' }).first();
  await expect(recent.getByTestId('handover-status')).toHaveText('Discrepancy', { timeout: 15_000 });
  await expect(recent.getByTestId('handover-difference')).toHaveText('Counted KWD 1.500 of KWD 2.000: KWD 0.500 short');
  await expect(rider.getByTestId('handover-pending').filter({ hasText: 'KWD 2.000' })).toHaveCount(0);

  // The company resolves it: the rider still owes the 0.500 (back to cash on hand), with a note.
  await diff.getByTestId('inbox-resolve').click();
  const resolve = manager.getByTestId('handover-resolve');
  await resolve.getByTestId('resolve-rider_owes').click();
  await resolve.getByTestId('resolve-submit').click();
  await expect(resolve.getByTestId('resolve-error')).toHaveText('Say why (at least 3 characters)');
  await resolve.getByTestId('resolve-note').fill('Short by 500 fils; the rider hands it over tomorrow');
  await resolve.getByTestId('resolve-submit').click();
  await expectToast(manager, 'Difference resolved');
  await manager.getByTestId('inbox-view-history').click();
  const done = manager.getByTestId('inbox-history').getByTestId('inbox-row').filter({ hasText: rashid.name }).filter({ hasText: 'KWD 2.000' });
  await expect(done.getByTestId('inbox-status')).toHaveText('Resolved');
  await expect(done.getByTestId('inbox-counted-by')).toContainText('Counted KWD 1.500 by Noura Al-Sabah');
  await expect(done.getByTestId('inbox-counted-by')).toContainText('Rider owes it: Short by 500 fils; the rider hands it over tomorrow');

  // The rider's balances: of the 3.000, 2.000 left the hand and 0.500 came back.
  expect(await dashboard(riderCtx)).toMatchObject({ cashOnHand: 1.5, pendingCash: 0 });
  await rider.reload();
  await expect(rider.getByTestId('handover-recent').filter({ hasText: 'KWD 2.000' }).getByTestId('handover-status')).toHaveText('Resolved');

  // The rider's ledger, from Riders' cash.
  await manager.getByTestId('inbox-view-riders').click();
  await manager.getByTestId('inbox-rider').filter({ hasText: rashid.name }).getByTestId('inbox-ledger').click();
  const ledger = manager.getByTestId('rider-ledger');
  await expect(ledger.getByTestId('ledger-entry').first()).toHaveAttribute('data-kind', 'discrepancy_resolved');
  await expect(ledger.getByTestId('ledger-entry').first()).toContainText('Short by 500 fils; the rider hands it over tomorrow');
  await shot(manager, 'company-ledger-en');

  // The same screens in Arabic, and the phone size of the inbox.
  await manager.keyboard.press('Escape');
  await arabic(manager);
  await expect(manager.getByTestId('inbox-pending').getByTestId('inbox-row').filter({ hasText: waiting.name })).toBeVisible();
  await shot(manager, 'company-inbox-ar');
  await manager.setViewportSize(PHONE);
  await shot(manager, 'company-inbox-phone-ar');
  await riderCtx.close();
  await managerCtx.close();
});

test('/rider: submit by the dialog, code in Arabic (digits left to right); cancel puts the cash back on hand', async ({ browser }) => {
  const { rider } = await riderWithCash([2]);
  const riderCtx = await riderContext(browser, rider);
  const page = await riderCtx.newPage();
  await page.goto('/rider');
  await page.getByTestId('submit-cash').click();
  const form = page.getByTestId('cash-dialog');
  await form.locator('#cash-amount').fill('1');
  // A bank deposit needs the photographed slip first.
  await form.getByTestId('channel-bank_deposit').click();
  await expect(form).toContainText('Photograph the deposit slip: its amount is read and shown to your company.');
  await form.getByTestId('cash-confirm').click();
  await expect(form.locator('#cash-amount-hint')).toHaveText('Photograph the deposit slip for a bank deposit');
  await shot(page, 'rider-dialog-bank-en');
  await form.getByTestId('channel-handover').click();
  await shot(page, 'rider-dialog-en');
  await form.getByTestId('cash-confirm').click();
  await expectToast(page, 'Cash Submitted', 'KWD 1.000 is pending confirmation by your company.');
  const panel = page.getByTestId('handover-pending').filter({ hasText: 'KWD 1.000' });
  await expect(panel.getByTestId('handover-code')).toHaveText(/^\d{6}$/);
  const code = await panel.getByTestId('handover-code').textContent();
  await expect(page.getByTestId('cash-outstanding')).toHaveText('KWD 2.000');
  await panel.scrollIntoViewIfNeeded();
  await shot(page, 'rider-dashboard-code-en');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'rider-dashboard-code-en');
  await page.setViewportSize(PHONE);
  await arabic(page);
  // The server keeps only the code's hash; the phone keeps the code it was given (issue 20: a rider reopening the
  // app still has it to show), so after the reload the same code is there, left to right in Arabic too.
  const arPanel = page.getByTestId('handover-pending').first();
  await expect(arPanel.getByTestId('handover-code')).toHaveAttribute('dir', 'ltr');
  await expect(arPanel.getByTestId('handover-code')).toHaveText(code!);
  await arPanel.scrollIntoViewIfNeeded();
  await shot(page, 'rider-code-ar');
  // Another phone of the same rider was never given the code: it asks the server for a new one.
  const otherCtx = await riderContext(browser, rider);
  const other = await otherCtx.newPage();
  await other.goto('/rider');
  const otherPanel = other.getByTestId('handover-pending').first();
  await otherPanel.getByTestId('handover-new-code').click();
  await expect(otherPanel.getByTestId('handover-code')).toHaveAttribute('dir', 'ltr');
  await expect(otherPanel.getByTestId('handover-code')).toHaveText(/^\d{6}$/);
  await otherCtx.close();
  // /app in Arabic: the three figures and the panel.
  await page.goto('/app');
  await expect(page.getByTestId('app-cash-outstanding')).toBeVisible();
  await page.getByTestId('app-cash').scrollIntoViewIfNeeded();
  await shot(page, 'app-cash-ar');
  await page.setViewportSize(DESKTOP);
  await page.getByTestId('app-cash').scrollIntoViewIfNeeded();
  await shot(page, 'app-cash-ar');
  await page.setViewportSize(PHONE);
  await page.goto('/rider');
  // Cancel (asked twice) → the 1.000 is back on hand.
  expect(await dashboard(riderCtx)).toMatchObject({ cashOnHand: 1, pendingCash: 1 });
  await arPanel.getByTestId('handover-cancel').click();
  await arPanel.getByTestId('handover-cancel').click();
  await expect.poll(async () => dashboard(riderCtx)).toMatchObject({ cashOnHand: 2, pendingCash: 0 });
  await riderCtx.close();
});

/** Black modules of the QR code, 12 px each, in the middle of a white camera frame (RGB). */
function qrPicture(text: string): Buffer {
  const { width, height } = CAMERA_SIZE;
  const qr = encode(text, { ecc: 'M', border: 4 });
  const px = 12;
  const left = Math.floor((width - qr.size * px) / 2);
  const top = Math.floor((height - qr.size * px) / 2);
  const rgb = Buffer.alloc(width * height * 3, 0xff);
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < px; dy++) for (let dx = 0; dx < px; dx++) rgb.fill(0x10, ((top + y * px + dy) * width + left + x * px + dx) * 3, ((top + y * px + dy) * width + left + x * px + dx) * 3 + 3);
    }),
  );
  return rgb;
}

test('QR: the manager scans the rider’s QR code with the camera and confirms the full amount', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const { company, rider } = await riderWithCash([1]);
  const riderCtx = await riderContext(browser, rider);
  const sub = await submitted(riderCtx, rider, 1);
  const file = '.tmp/e2e-camera/handover-qr.y4m';
  writeY4m(file, qrPicture(sub.qr));

  // A browser whose camera films that QR code (the flags are fixed at launch).
  const camBrowser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...fakeCameraArgs(file)] });
  const ctx = await camBrowser.newContext({ baseURL, viewport: PHONE, timezoneId: 'Asia/Kuwait', serviceWorkers: 'block' });
  await signIn(ctx, company.manager);
  const page = await ctx.newPage();
  await page.goto('/company?tab=cash');
  await page.getByTestId('inbox-scan').click();
  await expect(page.getByTestId('qr-scan')).toBeVisible();
  const dialog = page.getByTestId('handover-confirm');
  await expect(dialog.getByTestId('confirm-qr-verified')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('qr-scan')).toHaveCount(0);
  await expect(dialog.getByTestId('confirm-counted')).toHaveValue('1.000');
  await shot(page, 'company-qr-confirm-en');
  await dialog.getByTestId('confirm-submit').click();
  await expectToast(page, `Received KWD 1.000 from ${rider.name}`);
  const mine = (await getJson<{ result: { data: { id: string; status: string; receiptMethod: string }[] } }>(riderCtx, '/api/trpc/rider.handovers')).result.data.find((h) => h.id === sub.submissionId);
  expect(mine).toMatchObject({ status: 'confirmed', receiptMethod: 'qr' });
  await camBrowser.close();
  await riderCtx.close();
});

test('QR: a stale QR code is refused; the manager switches to typing the code in the same dialog', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const { company, rider } = await riderWithCash([1]);
  const riderCtx = await riderContext(browser, rider);
  const sub = await submitted(riderCtx, rider, 1);
  // This hand-over with another code: what a QR code shown before "New code" carries.
  const wrong = sub.code === '000000' ? '111111' : '000000';
  const file = '.tmp/e2e-camera/handover-qr-stale.y4m';
  writeY4m(file, qrPicture(`kwt-handover:${sub.submissionId}:${wrong}`));
  const camBrowser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...fakeCameraArgs(file)] });
  const ctx = await camBrowser.newContext({ baseURL, viewport: PHONE, timezoneId: 'Asia/Kuwait', serviceWorkers: 'block' });
  await signIn(ctx, company.manager);
  const page = await ctx.newPage();
  await page.goto('/company?tab=cash');
  await page.getByTestId('inbox-scan').click();
  const dialog = page.getByTestId('handover-confirm');
  await expect(dialog.getByTestId('confirm-qr-verified')).toBeVisible({ timeout: 15_000 });
  await dialog.getByTestId('confirm-submit').click();
  await expect(dialog.getByTestId('confirm-error')).toHaveText('That code is wrong. Tries left: 4');
  await shot(page, 'company-qr-wrong-en');
  await dialog.getByTestId('confirm-type-code').click();
  await expect(dialog.getByTestId('confirm-qr-verified')).toHaveCount(0);
  await dialog.getByTestId('confirm-code').fill(sub.code);
  await dialog.getByTestId('confirm-submit').click();
  await expectToast(page, `Received KWD 1.000 from ${rider.name}`);
  const mine = (await getJson<{ result: { data: { id: string; status: string; receiptMethod: string }[] } }>(riderCtx, '/api/trpc/rider.handovers')).result.data.find((h) => h.id === sub.submissionId);
  expect(mine).toMatchObject({ status: 'confirmed', receiptMethod: 'code' });
  await camBrowser.close();
  await riderCtx.close();
});

test('admin: the Cash hand-overs table shows what was counted and the resolved difference; the ledger opens', async ({ browser }) => {
  // A hand-over of 2.000 counted as 1.500 and resolved by the company, all through the API.
  const { company, rider } = await riderWithCash([2]);
  const riderCtx = await riderContext(browser, rider);
  const sub = await submitted(riderCtx, rider, 2);
  await riderCtx.close();
  const managerCtx = await managerContext(browser, company);
  await trpcPost(managerCtx, 'company.handoverConfirm', { id: sub.submissionId, method: 'code', code: sub.code, counted: 1.5 });
  await trpcPost(managerCtx, 'company.handoverResolve', { id: sub.submissionId, resolution: 'rider_owes', note: 'Short by 500 fils; the rider hands it over tomorrow' });
  await managerCtx.close();

  const ctx = await browser.newContext({ viewport: DESKTOP, timezoneId: 'Asia/Kuwait', serviceWorkers: 'block' });
  await signIn(ctx, 'admin');
  const page = await ctx.newPage();
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Cash hand-overs' }).click();
  const resolved = page.getByTestId('cash-row').filter({ hasText: rider.name });
  await expect(resolved).toHaveAttribute('data-status', 'resolved');
  await expect(resolved.getByTestId('cash-counted')).toHaveText('Counted KWD 1.500 of KWD 2.000: KWD 0.500 short');
  await resolved.scrollIntoViewIfNeeded();
  await shot(page, 'admin-cash-en');
  await resolved.getByTestId('cash-ledger-row').click();
  const ledger = page.getByTestId('rider-ledger');
  await expect(ledger.getByTestId('ledger-entry').first()).toHaveAttribute('data-kind', 'discrepancy_resolved');
  await expect(ledger.getByTestId('ledger-entry').first()).toContainText('Short by 500 fils; the rider hands it over tomorrow');
  await ctx.close();
});
