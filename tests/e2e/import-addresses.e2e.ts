import { mkdir } from 'node:fs/promises';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { translate } from '../../src/shared/i18n';
import { expectToast, signIn } from './fixtures';

/**
 * Issue 8: a company imports orders whose delivery address comes in columns (governorate and area
 * in Arabic), and each reader sees the address in their own language.
 */
const ar = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('ar', key, params);
const SHOTS = '.tmp/shots-addr';

async function setAccountLocale(context: BrowserContext, locale: 'en' | 'ar') {
  const res = await context.request.post('/api/trpc/auth.setLocale', { data: { locale } });
  expect(res.status()).toBe(200);
}

function csvFor(stamp: number): string {
  return [
    'customerName,customerPhone,pickupAddress,deliveryAddress,deliveryGovernorate,deliveryArea,deliveryBlock,deliveryStreet,deliveryBuilding,deliveryFloor,deliveryFlat,deliveryLandmark,codAmount',
    `Parts ${stamp},+96512345678,Sultan Center,,حولي,الجابرية,١٠,5,12,3,7,Opposite the co-op,0`,
    `Lost ${stamp},+96512345678,Sultan Center,,Hawalli,Atlantis,1,2,3,,,,0`,
    `Text ${stamp},+96512345678,Sultan Center,"Salmiya, Block 2",,,,,,,,,0`,
  ].join('\r\n');
}

async function openImport(page: Page) {
  await page.goto('/company?tab=orders');
  await expect(page.getByTestId('company-orders')).toBeVisible();
  await page.getByTestId('orders-toolbar').getByRole('button').nth(1).click();
  const dialog = page.getByTestId('import-orders');
  await expect(dialog.getByTestId('import-file')).toBeVisible();
  return dialog;
}

test.describe('CSV import with addresses in columns', () => {
  test('import Arabic-area columns, read the address in English, then in Arabic', async ({ context, page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(context, 'fast');
    try {
      const stamp = Date.now();
      const dialog = await openImport(page);
      // The help names the structured columns of the company's country (Kuwait) and the template is Kuwait's.
      const help = dialog.getByTestId('import-address-columns');
      await help.locator('summary').click();
      await expect(help).toContainText('deliveryGovernorate *');
      await expect(help).toContainText('deliveryPaci');
      await expect(help).not.toContainText('deliveryMakani');
      await expect(dialog.getByTestId('import-template')).toHaveAttribute('href', '/api/company/orders/template.csv');

      await dialog.getByTestId('import-file').setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csvFor(stamp)}`) });
      await expect(dialog.getByTestId('import-summary')).toContainText('3 rows: 2 ready to import, 1 with errors.');
      const errors = dialog.getByTestId('import-errors').locator('tbody tr');
      await expect(errors).toHaveCount(1);
      await expect(errors.first()).toHaveText(/^3\s*deliveryArea\s*"Atlantis" is not an area of Hawalli$/);
      await mkdir(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/import-en-1280x800.png` });
      await dialog.getByRole('button', { name: 'Import valid rows only (2)' }).click();
      await expectToast(page, 'Orders Imported', '2 orders were added.');

      // The order's detail: the address written from its parts, in English.
      await page.getByRole('searchbox', { name: 'Search' }).fill(`Parts ${stamp}`);
      const row = page.getByTestId('orders-table').locator('tbody tr', { hasText: `Parts ${stamp}` });
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: 'View' }).click();
      const detail = page.getByTestId('order-detail');
      const english = 'Block 10, Street 5, Building 12, Floor 3, Flat 7, Jabriya, Hawalli, Landmark: Opposite the co-op';
      await expect(detail.getByTestId('order-delivery-address')).toHaveText(english);
      await expect(detail.getByTestId('order-delivery-address')).toHaveAttribute('data-structured', 'true');
      await expect(detail.getByTestId('order-pickup-address')).toHaveText('Sultan Center');
      await page.screenshot({ path: `${SHOTS}/address-en-1280x800.png` });

      // Switch to Arabic: the same order's address is now Arabic, the free-text pickup as typed.
      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();
      const saved = page.waitForResponse((r) => r.url().includes('auth.setLocale') && r.ok());
      await page.getByTestId('lang-switch').click();
      await saved;
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await row.getByRole('button').last().click();
      const arabic = 'قطعة 10، شارع 5، مبنى 12، الدور 3، شقة 7، الجابرية، حولي، علامة مميزة: Opposite the co-op';
      await expect(detail.getByTestId('order-delivery-address')).toHaveText(arabic);
      await expect(detail.getByTestId('order-pickup-address')).toHaveText('Sultan Center');
      await page.screenshot({ path: `${SHOTS}/address-ar-1280x800.png` });

      // A reload keeps Arabic (the account's language), and the import dialog explains the columns in Arabic.
      await page.reload();
      const arDialog = await openImport(page);
      await arDialog.getByTestId('import-address-columns').locator('summary').click();
      await expect(arDialog.getByTestId('import-address-columns')).toContainText(ar('orderImport.parts.title'));
      await arDialog.getByTestId('import-file').setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(csvFor(stamp + 1)) });
      await expect(arDialog.getByTestId('import-errors').locator('tbody tr').first()).toContainText(ar('errors.importAreaUnknown', { area: 'Atlantis', division: 'حولي' }));
      await page.screenshot({ path: `${SHOTS}/import-ar-1280x800.png` });
    } finally {
      // Leave the shared demo account in English for the other browser tests.
      await setAccountLocale(context, 'en');
    }
  });

  for (const locale of ['en', 'ar'] as const) {
    test(`phone screenshots (390×844, ${locale}): the import dialog and an imported order's address`, async ({ context, page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(context, 'fast');
      await setAccountLocale(context, locale);
      try {
        const stamp = Date.now();
        const dialog = await openImport(page);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await dialog.getByTestId('import-address-columns').locator('summary').click();
        await dialog.getByTestId('import-file').setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(csvFor(stamp)) });
        await expect(dialog.getByTestId('import-errors')).toBeVisible();
        await mkdir(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/import-${locale}-390x844.png` });
        await dialog.getByTestId('import-errors').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/import-errors-${locale}-390x844.png` });
        await dialog.locator('button.btn-warning').click();
        await expect(page.getByTestId('toast')).toBeVisible();

        await page.getByRole('searchbox').fill(`Parts ${stamp}`);
        const card = page.getByTestId('company-orders').locator('ul li button', { hasText: `Parts ${stamp}` });
        await expect(card).toHaveCount(1);
        await card.click();
        const address = page.getByTestId('order-detail').getByTestId('order-delivery-address');
        await expect(address).toContainText(locale === 'ar' ? 'الجابرية، حولي' : 'Jabriya, Hawalli');
        await page.screenshot({ path: `${SHOTS}/address-${locale}-390x844.png` });
      } finally {
        await setAccountLocale(context, 'en');
      }
    });
  }
});
