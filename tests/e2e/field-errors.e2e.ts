import { expect, test, type Locator } from '@playwright/test';
import { expectToast, freshCompany, freshRider, signIn } from './fixtures';

/**
 * Issue 21 item 8: every form marks the offending field with its message (aria-invalid, aria-describedby), the
 * client's check and the server's refusal alike; the company's Add Rider keeps the spec's 'Validation Error' toast.
 */
async function expectMarked(control: Locator, message: string) {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  const ids = (await control.getAttribute('aria-describedby'))!.split(' ');
  const texts = await Promise.all(ids.map((id) => control.page().locator(`[id="${id}"]`).textContent()));
  expect(texts).toContain(message);
}

test('company Add Rider: the spec’s toast and every refused field marked; the server’s refusal on its field', async ({ page, context }) => {
  const company = await freshCompany();
  const taken = await freshRider(company);
  await signIn(context, { email: company.manager.email });
  await page.goto('/company?tab=fleet');
  await page.getByTestId('add-rider').click();
  const dialog = page.getByTestId('add-rider-dialog');
  await dialog.locator('input[name=name]').fill('Aziz');
  await dialog.locator('input[name=email]').fill('not-an-email');
  await dialog.getByTestId('add-rider-submit').click();
  await expectToast(page, 'Validation Error', 'Phone is required. Vehicle type is required. License number is required. Invalid email format');
  await expectMarked(dialog.locator('input[name=email]'), 'Invalid email format');
  await expectMarked(dialog.locator('input[name=phone]'), 'Phone is required');
  await expectMarked(dialog.locator('select[name=vehicleType]'), 'Vehicle type is required');
  await expectMarked(dialog.locator('input[name=licenseNumber]'), 'License number is required');
  await expect(dialog.locator('input[name=name]')).not.toHaveAttribute('aria-invalid', 'true');

  // Valid to the client; the server refuses the email another rider has.
  await dialog.locator('input[name=email]').fill(taken.email);
  await dialog.locator('input[name=phone]').fill('+96550001234');
  await dialog.locator('select[name=vehicleType]').selectOption('car');
  await dialog.locator('input[name=licenseNumber]').fill('kw-1');
  await dialog.getByTestId('add-rider-submit').click();
  const email = dialog.locator('input[name=email]');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  const message = await page.locator(`[id="${(await email.getAttribute('aria-describedby'))!}"]`).textContent();
  await expectToast(page, 'Error Adding Rider', message!);
  await expect(dialog.locator('input[name=phone]')).not.toHaveAttribute('aria-invalid', 'true');
});

test('contact form: the refused field is marked with its message', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByTestId('contact-form');
  await form.locator('input[name=name]').fill('Aziz');
  await form.locator('input[name=email]').fill('aziz@example.com');
  await form.locator('select[name=inquiryType]').selectOption('demo');
  await form.locator('textarea[name=message]').fill('   ');
  await form.getByRole('button').click();
  await expectMarked(form.locator('textarea[name=message]'), 'Message is required');
  await expect(form.locator('input[name=email]')).not.toHaveAttribute('aria-invalid', 'true');
});
