import { mkdir } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectToast, signIn } from './fixtures';

/** Issue 8 item 4: a company's order with a structured Kuwait address, the area found by typing Arabic. */
test.describe('Gulf addresses on the Create Order form', () => {
  test.beforeEach(async ({ context, page }) => {
    await signIn(context, 'fast');
    await page.goto('/company?tab=orders');
    await expect(page.getByTestId('company-orders')).toBeVisible();
  });

  async function openForm(page: Page) {
    await page.getByRole('button', { name: 'Create Order' }).click();
    const form = page.getByTestId('create-order');
    await expect(form.getByTestId('deliveryAddressParts-fields')).toHaveAttribute('data-country', 'KW');
    return form;
  }

  test('create an order with a structured address (area searched in Arabic) and see the area on the tracking page', async ({ page, browser }) => {
    const name = `Gulf Address ${Date.now()}`;
    const form = await openForm(page);
    await form.locator('input[name="customerName"]').fill(name);
    await form.locator('input[name="customerPhone"]').fill('+96512345678');
    await form.getByTestId('pickupAddressParts-free-text').click();
    await form.locator('input[name="pickupAddress"]').fill('Sultan Center, Salmiya');

    const delivery = form.getByTestId('deliveryAddressParts-fields');
    // Saving too early names the missing parts.
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(delivery.getByText('Choose a governorate')).toBeVisible();

    await delivery.locator('select[name="deliveryAddressParts.governorate"]').selectOption({ label: 'Hawalli' });
    const area = delivery.getByRole('combobox', { name: 'Area' });
    await area.fill('سالمية');
    const listbox = delivery.getByRole('listbox');
    await expect(listbox.getByRole('option')).toHaveCount(1);
    await expect(listbox.getByRole('option').first()).toContainText('Salmiya');
    await expect(area).toHaveAttribute('aria-activedescendant', /salmiya$/);
    await area.press('Enter');
    await expect(area).toHaveValue('Salmiya');
    await expect(listbox).toHaveCount(0);

    await delivery.locator('input[name="deliveryAddressParts.block"]').fill('10');
    await delivery.locator('input[name="deliveryAddressParts.street"]').fill('5');
    await delivery.locator('input[name="deliveryAddressParts.building"]').fill('12');
    await delivery.locator('input[name="deliveryAddressParts.floor"]').fill('3');
    await delivery.locator('input[name="deliveryAddressParts.flat"]').fill('7');
    await delivery.locator('input[name="deliveryAddressParts.paci"]').fill('١٢٣٤٥٦٧');
    await delivery.locator('input[name="deliveryAddressParts.landmark"]').fill('Behind the co-op');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(delivery.getByText('PACI number must be 8 to 12 digits')).toBeVisible();
    await delivery.locator('input[name="deliveryAddressParts.paci"]').fill('١٢٣٤٥٦٧٨');

    await delivery.getByLabel('Pin on map (optional)').check();
    const map = delivery.getByTestId('address-pin-map');
    await expect(map).toHaveAttribute('dir', 'ltr');
    await map.click({ position: { x: 120, y: 100 } });
    await expect(delivery.getByTestId('deliveryAddressParts-pin')).toContainText('Pin set at');

    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Order Created Successfully');

    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    const row = page.getByTestId('orders-table').locator('tbody tr', { hasText: name });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'View' }).click();
    const detail = page.getByTestId('order-detail');
    await expect(detail).toContainText('Block 10, Street 5, Building 12, Floor 3, Flat 7, Salmiya, Hawalli, Landmark: Behind the co-op');
    const code = (await detail.getByTestId('tracking-link').locator('input').inputValue()).split('/track/')[1]!;

    const customer = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const track = await customer.newPage();
    await track.goto(`/track/${code}`);
    await expect(track.getByTestId('track-area')).toHaveText('Delivery to Salmiya, Hawalli');
    const text = await track.locator('main').innerText();
    for (const secret of ['12345678', 'Flat', 'Block', 'co-op']) expect(text).not.toContain(secret);
    await customer.close();
  });

  for (const size of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ]) {
    test(`screenshot of the form (${size.name})`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const form = await openForm(page);
      const delivery = form.getByTestId('deliveryAddressParts-fields');
      await delivery.locator('select[name="deliveryAddressParts.governorate"]').selectOption({ label: 'Hawalli' });
      await delivery.getByRole('combobox', { name: 'Area' }).fill('جاب');
      await expect(delivery.getByRole('listbox').getByRole('option').first()).toContainText('Jabriya');
      await mkdir('.tmp/shots', { recursive: true });
      await delivery.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `.tmp/shots/addr-${size.name}-${size.width}x${size.height}.png` });
      await delivery.getByRole('combobox', { name: 'Area' }).press('Enter');
      await delivery.getByLabel('Pin on map (optional)').check();
      await expect(delivery.getByTestId('address-pin-map')).toBeVisible();
      await delivery.getByTestId('address-pin-map').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `.tmp/shots/addr-${size.name}-map-${size.width}x${size.height}.png` });
    });
  }
});

/** The admin's Add New Order modal: free text first (spec section 3), the structured address of the currency's country one tap away. */
test.describe("Gulf addresses on the admin's Add New Order modal", () => {
  test('structured delivery address in Kuwait; switching currency switches the country and clears the parts', async ({ context, page }) => {
    await signIn(context, 'admin');
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Add New Order' }).click();
    const modal = page.getByTestId('admin-modal');
    // Free text by default, with every spec field and label.
    await expect(modal.locator('input[name=pickupAddress]')).toBeVisible();
    await expect(modal.locator('input[name=deliveryAddress]')).toBeVisible();
    await expect(modal.getByTestId('deliveryAddressParts-fields')).toHaveCount(0);

    await modal.getByTestId('deliveryAddress-structured').click();
    const delivery = modal.getByTestId('deliveryAddressParts-fields');
    await expect(delivery).toHaveAttribute('data-country', 'KW');
    await delivery.locator('select[name="deliveryAddressParts.governorate"]').selectOption({ label: 'Hawalli' });
    await delivery.locator('input[name="deliveryAddressParts.block"]').fill('10');

    await modal.locator('select[name=currency]').selectOption('AED');
    await expect(delivery).toHaveAttribute('data-country', 'AE');
    await expect(delivery.locator('select[name="deliveryAddressParts.emirate"]')).toHaveValue('');
    await expect(delivery.locator('input[name="deliveryAddressParts.block"]')).toHaveCount(0);
    await modal.locator('select[name=currency]').selectOption('KWD');
    await expect(delivery).toHaveAttribute('data-country', 'KW');
    await expect(delivery.locator('input[name="deliveryAddressParts.block"]')).toHaveValue('');

    await modal.locator('select[name=companyId]').selectOption({ label: 'Fast Delivery (KWD)' });
    await modal.locator('input[name=customerName]').fill(`Admin Gulf ${Date.now()}`);
    await modal.locator('input[name=customerPhone]').fill('+96550001234');
    await modal.locator('input[name=pickupAddress]').fill('Sultan Center, Salmiya');
    await delivery.locator('select[name="deliveryAddressParts.governorate"]').selectOption({ label: 'Hawalli' });
    const area = delivery.getByRole('combobox', { name: 'Area' });
    await area.fill('Salmiya');
    await expect(delivery.getByRole('listbox').getByRole('option').first()).toContainText('Salmiya');
    await area.press('Enter');
    await delivery.locator('input[name="deliveryAddressParts.block"]').fill('10');
    await delivery.locator('input[name="deliveryAddressParts.street"]').fill('5');
    await delivery.locator('input[name="deliveryAddressParts.building"]').fill('12');
    const sent = page.waitForRequest((r) => r.url().includes('admin.createOrder'));
    await modal.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Order Created Successfully');
    const body = (await sent).postData() ?? '';
    expect(body).toContain('"deliveryAddressParts":{"country":"KW"');
    expect(body).toContain('Block 10, Street 5, Building 12, Salmiya, Hawalli');
    expect(body).not.toContain('"pickupAddressParts"');
  });

  test('free text stays one tap away from the structured fields', async ({ context, page }) => {
    await signIn(context, 'admin');
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Add New Order' }).click();
    const modal = page.getByTestId('admin-modal');
    await modal.getByTestId('pickupAddress-structured').click();
    await expect(modal.getByTestId('pickupAddressParts-fields')).toHaveAttribute('data-country', 'KW');
    await modal.getByTestId('pickupAddressParts-free-text').click();
    await expect(modal.locator('input[name=pickupAddress]')).toBeVisible();
  });
});
