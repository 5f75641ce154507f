import { expect, test } from '@playwright/test';
import { expectToast, signIn } from './fixtures';

/** Issue 8 item 3: phone input (Arabic-Indic digits, a local number gains +965) and the company's weekend setting. */
test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ context }) => {
  await signIn(context, 'fast');
});

test('phone input: Arabic-Indic digits and a local Kuwait number become +965…; phones shown grouped left to right', async ({ page }) => {
  await page.goto('/company?tab=fleet');
  const card = page.getByTestId('rider-card').first();
  await expect(card).toBeVisible();
  await expect(card.locator('bdi[dir=ltr]').first()).toHaveText(/^\+\d{3} /);
  await page.getByTestId('add-rider').click();
  const dialog = page.getByTestId('add-rider-dialog');
  const phone = dialog.locator('input[name=phone]');
  await expect(phone).toHaveAttribute('inputmode', 'tel');
  await expect(phone).toHaveAttribute('dir', 'ltr');
  await phone.fill('٥٠٠٠ ١٢٣٤');
  await phone.blur();
  await expect(phone).toHaveValue('+96550001234');
  await page.screenshot({ path: '.tmp/shots/gulf-phone-input-phone.png' });
});

test('weekend: the company chooses Sat–Sun, then returns to the region default', async ({ page }) => {
  await page.goto('/company');
  const form = page.getByTestId('weekend-form');
  await form.scrollIntoViewIfNeeded();
  const select = form.locator('select[name=weekend]');
  await expect(select).toHaveValue('');
  await expect(select.locator('option').first()).toHaveText('Region default (Fri–Sat)');
  await select.selectOption('sat-sun');
  await form.getByRole('button', { name: 'Save weekend' }).click();
  await expectToast(page, 'Weekend saved');
  await page.reload();
  await expect(page.getByTestId('weekend-form').locator('select[name=weekend]')).toHaveValue('sat-sun');
  await page.getByTestId('weekend-form').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/shots/gulf-weekend-setting-phone.png' });
  await page.getByTestId('weekend-form').locator('select[name=weekend]').selectOption('');
  await page.getByTestId('weekend-form').getByRole('button', { name: 'Save weekend' }).click();
  await expectToast(page, 'Weekend saved');
});
