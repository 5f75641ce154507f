import { expect, test } from '@playwright/test';
import { expectToast, signIn } from './fixtures';

/**
 * The contact page (spec sections 2, 5 and 8) beyond what routes.e2e.ts covers (hours, sending,
 * validation, failure): required fields marked *, the hours' time zone, and the admin's sales inbox.
 */
test.use({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });

test('required fields are marked * and required; the hours say they are Kuwait time', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByTestId('contact-form');
  for (const [name, label] of [
    ['name', 'Name *'],
    ['email', 'Email *'],
    ['inquiryType', 'Inquiry type *'],
    ['message', 'Message *'],
  ] as const) {
    await expect(form.locator(`label:has([name=${name}])`)).toContainText(label);
    await expect(form.locator(`[name=${name}]`)).toHaveAttribute('required', '');
  }
  for (const name of ['phone', 'company', 'preferredContact']) await expect(form.locator(`[name=${name}]`)).not.toHaveAttribute('required', '');
  await expect(form.locator('[name=inquiryType] option:not([disabled])')).toHaveText(['Demo', 'Pricing', 'Support', 'Partnership', 'Integration', 'Other']);
  await expect(page.getByText('Kuwait time (Asia/Kuwait, GMT+3)')).toBeVisible();
  await expect(page.getByTestId('open-now')).toHaveText(/^(Open now|Closed now)$/);
});

test('a sent message reaches the admin’s sales inbox', async ({ page, browser }) => {
  const email = `salem.${Date.now()}@example.com`;
  await page.goto('/contact');
  const form = page.getByTestId('contact-form');
  await form.locator('[name=name]').fill('Salem Al-Ajmi');
  await form.locator('[name=email]').fill(email);
  await form.locator('[name=company]').fill('Ajmi Logistics');
  await form.locator('[name=inquiryType]').selectOption('integration');
  await form.locator('[name=preferredContact]').selectOption('whatsapp');
  await form.locator('[name=message]').fill('Can your API push orders into our ERP?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Message Sent Successfully', "Thank you! We'll get back to you within 24 hours.");

  const admin = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
  await signIn(admin, 'admin');
  const inbox = await admin.newPage();
  await inbox.goto('/admin');
  await inbox.getByTestId('oversight-tabs').getByRole('tab', { name: 'Sales inbox' }).click();
  const row = inbox.getByTestId('inbox-messages').locator('tr', { hasText: email });
  await expect(row).toContainText('Salem Al-Ajmi');
  await expect(row).toContainText('Ajmi Logistics');
  await expect(row).toContainText('Integration');
  await expect(row).toContainText('WhatsApp');
  await expect(row).toContainText('Can your API push orders into our ERP?');
  await inbox.screenshot({ path: '.tmp/shots/admin-inbox-desktop.png' });
  await admin.close();
});

test('screenshots of the contact page at phone and desktop sizes', async ({ browser }) => {
  for (const [size, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]] as const) {
    const ctx = await browser.newContext({ viewport, serviceWorkers: 'block' });
    const page = await ctx.newPage();
    await page.goto('/contact');
    await expect(page.getByTestId('open-now')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `.tmp/shots/contact-page-${size}.png`, fullPage: true });
    await ctx.close();
  }
});
