import { expect, test } from '@playwright/test';
import { expectToast, signIn } from './fixtures';

/**
 * Issue 21 item 1: a company added by the admin can sign in. The admin adds a company, gets its manager's
 * one-time invitation (shown once, WhatsApp), re-issues it from the Accounts tab before the manager ever
 * signed in; the manager sets a password with it and lands on their overview; the admin then suspends them.
 */
test.use({ serviceWorkers: 'block' });

const PASSWORD = 'dhow sails past the tower';

test('from Add Company to the new manager’s overview, through the invitation link', async ({ browser, baseURL }) => {
  const id = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const company = `Invite Test ${id}`;
  const email = `owner.${id}@invite.example`;

  const adminContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await signIn(adminContext, 'admin');
  const admin = await adminContext.newPage();
  await admin.goto('/admin');
  await admin.getByRole('button', { name: 'Add Company' }).click();
  const modal = admin.getByTestId('admin-modal');
  await modal.locator('input[name=name]').fill(company);
  await modal.locator('input[name=email]').fill(email);
  await modal.locator('input[name=contactPerson]').fill('Noura Al-Ali');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expectToast(admin, 'Company Added Successfully');

  // The invitation, shown once in the same dialog.
  await expect(modal.getByTestId('company-created')).toHaveText(`${company} was added with a manager account for ${email}.`);
  await expect(modal).toContainText('Copy or share this link with the manager now: it is shown only once.');
  const first = await modal.getByTestId('manager-invite-link').inputValue();
  expect(first).toMatch(new RegExp(`^${baseURL}/company-invite/[a-z2-7]{32}$`));
  await expect(modal.getByTestId('manager-invite-emailed')).toHaveText('No e-mail was sent: share the link yourself.');
  const whatsapp = await modal.getByTestId('manager-invite-whatsapp').getAttribute('href');
  expect(decodeURIComponent(whatsapp!.split('text=')[1]!)).toBe(`Hi Noura, set your password for the ${company} account on KWT Delivery here: ${first}`);
  await modal.getByRole('button', { name: 'Done' }).click();
  await expect(modal).not.toBeVisible();

  // Accounts tab: the manager has never signed in, so a new invitation replaces the first.
  await admin.getByTestId('oversight-tabs').getByRole('tab', { name: 'Accounts' }).click();
  await admin.getByTestId('accounts-table').getByRole('searchbox').fill(email);
  const row = admin.getByTestId('account-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Company Manager');
  await expect(row).toContainText(company);
  await expect(row).toContainText('Never signed in');
  await row.getByTestId('account-reissue').click();
  const dialog = admin.getByTestId('account-dialog');
  await expect(dialog).toContainText(`Create a new one-time link for ${email} to set a password. The earlier link stops working.`);
  await dialog.getByTestId('reissue-create').click();
  const link = await dialog.getByTestId('manager-invite-link').inputValue();
  expect(link).toMatch(/\/company-invite\/[a-z2-7]{32}$/);
  expect(link).not.toBe(first);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The manager, on a phone: the first link no longer works; the new one sets the password and signs in.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await page.goto(first);
  await expect(page.getByRole('heading', { name: 'Welcome to KWT Delivery' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm new password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page.getByTestId('company-invite-error')).toHaveText('This invitation link is not valid. Ask your administrator for a new one.');

  await page.goto(link);
  await expect(page.getByText('Choose a password to sign in to your company portal.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page.getByTestId('company-invite-error')).toHaveText('Use at least 10 characters: a few unrelated words make a good passphrase.');
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm new password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByTestId('company-portal')).toContainText(company);
  await expect(page.getByTestId('stat-fleet-size')).toContainText('0');

  // Signed in once: no more invitations; the admin suspends the manager, who is signed out and told why.
  await admin.reload();
  await admin.getByTestId('oversight-tabs').getByRole('tab', { name: 'Accounts' }).click();
  await admin.getByTestId('accounts-table').getByRole('searchbox').fill(email);
  await expect(row).not.toContainText('Never signed in');
  await expect(row.getByTestId('account-reissue')).toHaveCount(0);
  await row.getByTestId('account-suspend').click();
  await expect(dialog).toContainText(`Suspend ${email}? They are signed out everywhere and cannot sign in until reinstated.`);
  await dialog.getByTestId('suspend-confirm').click();
  await expectToast(admin, `${email} is suspended and was signed out.`);
  await expect(row).toContainText('Suspended');
  expect((await phone.request.get('/api/auth/user')).status()).toBe(401);
  const refused = await phone.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('This account is suspended and cannot sign in. Contact your administrator.');

  await row.getByTestId('account-reinstate').click();
  await expectToast(admin, `${email} can sign in again.`);
  expect((await phone.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  await phone.close();
  await adminContext.close();
});
