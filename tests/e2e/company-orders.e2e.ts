import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectToast, signIn } from './fixtures';

/** The company's order system: create, find, assign, deliver, export, import. */
test.describe('company Orders tab', () => {
  test.beforeEach(async ({ context, page }) => {
    await signIn(context, 'fast');
    await page.goto('/company?tab=orders');
    await expect(page.getByTestId('company-orders')).toBeVisible();
  });

  test('create an order, find it, assign it and move it to delivered', async ({ page }) => {
    const name = `E2E Customer ${Date.now()}`;
    await page.getByRole('button', { name: 'Create Order' }).click();
    const form = page.getByTestId('create-order');
    await expect(form.locator('select[name="companyId"]')).toHaveCount(0);
    await expect(form.getByText('Delivery fee (KWD)')).toBeVisible();
    await form.locator('input[name="customerName"]').fill(name);
    await form.locator('input[name="customerPhone"]').fill('+96512345678');
    // Free text, one tap away from the structured Gulf address (gulf-address.e2e.ts covers that one).
    await form.getByTestId('pickupAddressParts-free-text').click();
    await form.getByTestId('deliveryAddressParts-free-text').click();
    await form.locator('input[name="pickupAddress"]').fill('Sultan Center, Salmiya');
    await form.locator('input[name="deliveryAddress"]').fill('Salmiya, Block 10, Street 5');
    await form.locator('input[name="deliveryFee"]').fill('1.25');
    await form.locator('input[name="codAmount"]').fill('12.5');
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Order Created Successfully');

    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    const row = page.getByTestId('orders-table').locator('tbody tr', { hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('KWD 1.250');
    await row.getByRole('button', { name: 'View' }).click();

    const detail = page.getByTestId('order-detail');
    await expect(detail).toContainText('KWD 12.500');
    const link = detail.getByTestId('tracking-link');
    await expect(link.locator('input')).toHaveValue(/\/track\/[0-9a-f]{24}$/);
    const code = (await link.locator('input').inputValue()).split('/track/')[1]!;
    await expect(link.getByTestId('whatsapp-share')).toHaveAttribute('href', new RegExp(`^https://wa\\.me/\\?text=.*%2Ftrack%2F${code}$`));

    await detail.locator('select').selectOption({ label: 'Rashid Khan' });
    await detail.getByRole('button', { name: 'Assign', exact: true }).click();
    await expectToast(page, 'Saved');
    await expect(detail.getByRole('button', { name: 'Picked up' })).toBeVisible();
    await detail.getByRole('button', { name: 'Picked up' }).click();
    await expect(detail.getByRole('button', { name: 'Delivered' })).toBeVisible();
    await detail.getByRole('button', { name: 'Delivered' }).click();
    await expect(detail.locator('.timeline li')).toHaveCount(4);
    await expect(detail.getByText('Move to')).toHaveCount(0);
    await expect(detail).toContainText('Rashid Khan');
    await page.keyboard.press('Escape');
    await expect(row).toContainText('Delivered');
  });

  test('export the report as JSON and the orders as CSV', async ({ page }) => {
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-report').click()]);
    expect(json.suggestedFilename()).toMatch(/^kwt-report-fast-delivery-\d{4}-\d{2}-\d{2}\.json$/);
    const report = JSON.parse(await readFile((await json.path())!, 'utf8'));
    expect(Object.keys(report)).toEqual(expect.arrayContaining(['company', 'riderCount', 'orders', 'revenue', 'date']));
    expect(report.company).toBe('Fast Delivery');
    expect(report.riderCount).toBeGreaterThan(0);
    expect(report.orders.length).toBeGreaterThanOrEqual(130);
    expect(report.revenue.currency).toBe('KWD');
    expect(report.revenue.amount).toMatch(/^\d+\.\d{3}$/);
    await expectToast(page, 'Report Exported', `${report.orders.length} orders saved to ${json.suggestedFilename()}`);

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(csv.suggestedFilename()).toMatch(/^kwt-orders-fast-delivery-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await csv.path())!, 'utf8');
    expect(text.startsWith('\uFEFFtrackingCode,createdAt,status')).toBe(true);
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(report.orders.length + 1);
  });

  test('View Sample Orders filters the seeded orders; Request Demo goes to /contact', async ({ page }) => {
    await page.getByRole('button', { name: 'View Sample Orders' }).click();
    await expect(page.getByTestId('samples-note')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Source' })).toHaveValue('seed');
    await expect(page.getByTestId('pagination')).toContainText('130 results');
    await page.getByRole('button', { name: 'Show All Orders' }).click();
    await expect(page.getByTestId('samples-note')).toHaveCount(0);
    await page.getByRole('link', { name: 'Request Demo' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('import a CSV with one bad row: see the row error, then import the valid rows', async ({ page }) => {
    const stamp = Date.now();
    const csv = [
      'customerName,customerPhone,customerEmail,pickupAddress,deliveryAddress,itemDescription,deliveryFee,codAmount,priority,notes',
      `Import A ${stamp},+96512345678,,Sultan Center,"Salmiya, Block 10",Box,1.250,0,normal,`,
      `,+96512345678,,Sultan Center,Hawally,Box,1,0,normal,`,
      `Import B ${stamp},+٩٦٥١٢٣٤٥٦٧٨,,The Avenues,Rai,Bag,١٫٥,٢٠,urgent,Call first`,
    ].join('\r\n');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByTestId('import-orders');
    await expect(dialog.getByTestId('import-template')).toHaveAttribute('href', '/api/company/orders/template.csv');
    await dialog.getByTestId('import-file').setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`) });
    await expect(dialog.getByTestId('import-summary')).toContainText('3 rows: 2 ready to import, 1 with errors.');
    const errors = dialog.getByTestId('import-errors').locator('tbody tr');
    await expect(errors).toHaveCount(1);
    await expect(errors.first()).toHaveText(/^3\s*customerName\s*Customer name is required$/);
    await expect(dialog.getByRole('button', { name: /^Import \d+ orders$/ })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Import valid rows only (2)' }).click();
    await expectToast(page, 'Orders Imported', '2 orders were added.');

    await page.getByRole('combobox', { name: 'Source' }).selectOption('import');
    await page.getByRole('searchbox', { name: 'Search' }).fill(String(stamp));
    const rows = page.getByTestId('orders-table').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('orders-table')).toContainText(`Import B ${stamp}`);
    await expect(page.getByTestId('orders-table')).toContainText('KWD 1.500');
  });
});
