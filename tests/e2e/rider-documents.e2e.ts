import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { translate } from '../../src/shared/i18n';
import { addDays, formatIsoDate } from '../../src/shared/schemas/documents';
import { localIsoDate } from '../../src/shared/schemas/order-import';
import { expectToast, signIn } from './fixtures';

/**
 * Issue 9 item 4: the company records an expired driving licence for the demo rider (with a photo);
 * the rider's Start Duty is refused with the reason; the company renews it and the duty starts.
 * Then screenshots of the company's and the rider's screens, phone and desktop, English and Arabic.
 */
test.use({ timezoneId: 'Asia/Kuwait', serviceWorkers: 'block' });
test.describe.configure({ mode: 'serial' });

const SHOTS = '.tmp/shots-h4';
const today = localIsoDate(new Date(), 'Asia/Kuwait');
const yesterday = addDays(today, -1);
const nextYear = addDays(today, 365);
const refusal = `Your driving license expired on ${formatIsoDate(yesterday, 'en-GB')}. Renew it before going on duty.`;

/** A licence-like card, 480×300, drawn in-process by sharp (SVG text in DejaVu Sans) as a PNG. */
async function licencePhoto(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const text = (x: number, y: number, size: number, fill: string, value: string) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="${size}" fill="${fill}">${value}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300">
    <rect width="480" height="300" fill="#dbeafe"/><rect width="480" height="60" fill="#1e3a8a"/>
    ${text(20, 42, 28, 'white', 'DRIVING LICENCE')}${text(20, 120, 22, '#1e3a8a', 'RASHID KHAN')}${text(20, 170, 22, '#1e3a8a', 'No. KW-58231')}
    <rect x="340" y="90" width="110" height="140" fill="#94a3b8"/></svg>`;
  return { name: 'licence.png', mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

async function skipOnboarding(page: Page) {
  await page.addLocatorHandler(page.getByTestId('onboarding-modal').getByRole('button', { name: 'Skip for Now' }), (b) => b.click());
}

/** The Fleet tab's Documents dialog for the demo rider. */
async function openRiderDocuments(page: Page) {
  await skipOnboarding(page);
  await page.goto('/company?tab=fleet');
  const card = page.getByTestId('rider-card').filter({ hasText: 'Rashid Khan' });
  await card.getByTestId('rider-documents').click();
  const dialog = page.getByTestId('documents-dialog');
  await expect(dialog.getByRole('heading', { name: 'Documents of Rashid Khan' })).toBeVisible();
  return dialog;
}

async function setLicence(page: Page, expiresOn: string, photo?: Awaited<ReturnType<typeof licencePhoto>>) {
  const dialog = await openRiderDocuments(page);
  const row = dialog.locator('[data-testid=document-row][data-type=driving_licence]');
  await row.getByTestId('document-edit').click();
  await row.locator('input[name=expiresOn]').fill(expiresOn);
  if (photo) await row.getByTestId('document-photo-input').setInputFiles(photo);
  await row.getByTestId('document-save').click();
  await expectToast(page, 'Document saved');
  return { dialog, row };
}

async function openApp(page: Page) {
  await skipOnboarding(page);
  await page.goto('/app');
  await expect(page.getByTestId('rider-app')).toBeVisible();
  const picker = page.getByTestId('region-picker');
  if (await picker.isVisible().catch(() => false)) await page.getByTestId('region-confirm').click();
}

/** The account's stored language (it wins over the browser's), through tRPC. */
async function setAccountLocale(context: BrowserContext, locale: 'en' | 'ar') {
  expect((await context.request.post('/api/trpc/auth.setLocale', { data: { locale } })).status()).toBe(200);
}

async function offDuty(context: BrowserContext) {
  const res = await context.request.get('/api/rider/duty');
  const open = (await res.json()) as { startOdometer: number | null } | null;
  if (open) expect((await context.request.post('/api/rider/duty/end', { data: { endOdometerKm: open.startOdometer ?? 0 } })).status()).toBe(200);
}

test('an expired licence keeps the rider off duty with the reason; renewed, the duty starts', async ({ browser }) => {
  test.setTimeout(60_000);
  const company = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: 'Asia/Kuwait' });
  const rider = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Kuwait', serviceWorkers: 'block' });
  await signIn(company, 'fast');
  await signIn(rider, 'rider');
  await offDuty(rider);
  const manager = await company.newPage();
  const phone = await rider.newPage();

  // The company records yesterday as the licence's last valid day, with a photo.
  const { row } = await setLicence(manager, yesterday, await licencePhoto());
  await expect(row).toHaveAttribute('data-status', 'expired');
  await expect(row.getByTestId('document-expiry-line')).toHaveText(`Expired on ${formatIsoDate(yesterday, 'en-GB')}`);
  await expect(row.getByTestId('document-photo').locator('img')).toHaveJSProperty('complete', true);
  expect(await row.getByTestId('document-photo').locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(480);

  // It heads the Compliance tab's "Expiring and expired" list.
  await manager.goto('/company?tab=compliance');
  const listed = manager.getByTestId('documents-overview-row').filter({ hasText: 'Rashid Khan' });
  await expect(listed).toHaveAttribute('data-status', 'expired');
  await expect(listed).toContainText('Driving License');

  // The rider sees it on /app and Start Duty is refused with the reason.
  await openApp(phone);
  await expect(phone.getByTestId('rider-licence-expired')).toHaveText(refusal);
  await expect(phone.locator('[data-testid=rider-document][data-type=driving_licence]')).toHaveAttribute('data-status', 'expired');
  await phone.getByTestId('duty-start').click();
  await phone.getByTestId('odometer-input').fill('84512');
  await phone.getByTestId('odometer-submit').click();
  await expect(phone.getByTestId('odometer-error')).toHaveText(refusal);
  await expect(phone.getByTestId('duty-status')).toHaveText('Off duty');
  mkdirSync(SHOTS, { recursive: true });
  await phone.screenshot({ path: `${SHOTS}/refused-en-390.png` });

  // Renewed: the same Start Duty goes through.
  await setLicence(manager, nextYear);
  await phone.getByTestId('odometer-submit').click();
  await expect(phone.getByTestId('duty-status')).toHaveText('On duty');
  await phone.reload();
  await expect(phone.getByTestId('rider-licence-expired')).toHaveCount(0);
  await expect(phone.locator('[data-testid=rider-document][data-type=driving_licence]')).toHaveAttribute('data-status', 'valid');
  await company.close();
  await rider.close();
});

test('screens: company list and dialog, rider card; phone and desktop, English and Arabic', async ({ browser }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  for (const lang of ['en', 'ar'] as const) {
    for (const [w, h] of [[390, 844], [1280, 800]] as const) {
      const ctx = await browser.newContext({ viewport: { width: w, height: h }, timezoneId: 'Asia/Kuwait', serviceWorkers: 'block' });
      await ctx.addInitScript((l) => localStorage.setItem('kwt.locale', l), lang);
      await signIn(ctx, 'fast');
      await setAccountLocale(ctx, lang);
      const page = await ctx.newPage();
      await skipOnboarding(page);
      await page.goto('/company?tab=compliance');
      await expect(page.getByTestId('documents-overview-row').first()).toBeVisible();
      await page.getByTestId('documents-overview').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/overview-${lang}-${w}.png`, fullPage: w > 400 });
      await page.getByTestId('documents-overview-update').first().click();
      const dialog = page.getByTestId('documents-dialog');
      await expect(dialog.getByTestId('document-form')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/dialog-form-${lang}-${w}.png` });
      await dialog.getByRole('button', { name: translate(lang, 'form.cancel') }).click();
      await page.screenshot({ path: `${SHOTS}/dialog-${lang}-${w}.png` });
      await page.goto('/company?tab=fleet');
      await page.getByTestId('rider-card').first().getByTestId('rider-documents').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/fleet-${lang}-${w}.png` });
      await setAccountLocale(ctx, 'en');
      await ctx.close();

      const rc = await browser.newContext({ viewport: { width: w, height: h }, timezoneId: 'Asia/Kuwait', serviceWorkers: 'block' });
      await rc.addInitScript((l) => localStorage.setItem('kwt.locale', l), lang);
      await signIn(rc, 'rider');
      await setAccountLocale(rc, lang);
      const app = await rc.newPage();
      await openApp(app);
      const card = app.getByTestId('rider-documents-card');
      await expect(card).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await app.screenshot({ path: `${SHOTS}/rider-card-${lang}-${w}.png` });
      await setAccountLocale(rc, 'en');
      await rc.close();
    }
  }
});
