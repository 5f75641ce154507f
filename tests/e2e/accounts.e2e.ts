import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { expectToast, signIn, trpcPost } from './fixtures';

/**
 * Accounts (issue 11): a rider changes their password on /account (other devices signed out), signs out
 * everywhere, and gets back in through an admin's one-time reset link. The rider is made fresh here (a
 * company invitation), so the demo accounts' passwords never change under the other browser tests.
 */
test.use({ serviceWorkers: 'block' });

const FIRST = 'sunrise over the corniche';
const SECOND = 'camel caravan at noon';
const THIRD = 'pearl divers sing softly';

/** A new rider of Fast Delivery who has accepted an invitation with FIRST as their password. */
async function freshRider(browser: Browser, baseURL: string): Promise<string> {
  const manager = await browser.newContext({ baseURL });
  await signIn(manager, 'fast');
  const id = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `account.${id}@example.com`;
  const added = await trpcPost<{ rider: { id: string } }>(manager, 'company.addRider', { name: `Acct ${id}`, email, phone: '+96550123460', vehicleType: 'car', licenseNumber: 'KW-11', region: 'KWD' });
  const invite = await trpcPost<{ link: string }>(manager, 'company.inviteRider', { id: added.rider.id });
  await manager.close();
  const rider = await browser.newContext({ baseURL });
  await trpcPost(rider, 'auth.acceptInvite', { token: invite.link.split('/').pop(), password: FIRST });
  await rider.close();
  return email;
}

async function signedInContext(browser: Browser, baseURL: string, email: string, password: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const res = await context.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), `login ${email}`).toBe(200);
  return context;
}

const status = async (context: BrowserContext) => (await context.request.get('/api/auth/user')).status();

test('change password, sign out everywhere, and a reset link from the admin', async ({ browser, baseURL }) => {
  const email = await freshRider(browser, baseURL!);
  const phone = await signedInContext(browser, baseURL!, email, FIRST);
  const tablet = await signedInContext(browser, baseURL!, email, FIRST);
  const page = await phone.newPage();

  // The account page, reached from the header's menu on a phone.
  await page.goto('/support');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByTestId('header-account-mobile').click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account & security' })).toBeVisible();
  await expect(page.getByTestId('account-page')).toContainText(`Signed in as ${email}`);

  // Change password: the policy and the current password are checked; then other devices are signed out.
  const form = page.getByTestId('change-password');
  await form.getByLabel('Current password').fill(FIRST);
  await form.getByLabel('New password', { exact: true }).fill('qwertyuiop');
  await form.getByLabel('Confirm new password').fill('qwertyuiop');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('change-password-error')).toHaveText('This password is on a list of common, breached passwords. Choose another one: a few unrelated words work well.');
  await form.getByLabel('New password', { exact: true }).fill(SECOND);
  await form.getByLabel('Confirm new password').fill(`${SECOND}!`);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('change-password-error')).toHaveText('The two passwords do not match.');
  await form.getByLabel('Current password').fill('not my password');
  await form.getByLabel('Confirm new password').fill(SECOND);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('change-password-error')).toHaveText('Your current password is incorrect.');
  await form.getByLabel('Current password').fill(FIRST);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Change password', 'Password changed. Your other devices have been signed out and your API tokens revoked.');
  await expect(form.getByLabel('Current password')).toHaveValue('');
  expect(await status(tablet)).toBe(401);
  expect(await status(phone)).toBe(200);
  await page.reload();
  await expect(page.getByTestId('account-page')).toBeVisible();

  // Sign out everywhere: this device too, after a confirmation.
  const other = await signedInContext(browser, baseURL!, email, SECOND);
  const everywhere = page.getByTestId('sign-out-everywhere');
  await everywhere.getByRole('button', { name: 'Sign out everywhere' }).click();
  await everywhere.getByTestId('sign-out-everywhere-confirm').click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Sign out everywhere', 'You have been signed out on every device.');
  expect(await status(phone)).toBe(401);
  expect(await status(other)).toBe(401);

  // The admin issues a one-time reset link from the Accounts tab.
  const adminContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await signIn(adminContext, 'admin');
  const admin = await adminContext.newPage();
  await admin.goto('/admin');
  await admin.getByTestId('oversight-tabs').getByRole('tab', { name: 'Accounts' }).click();
  await admin.getByTestId('accounts-table').getByRole('searchbox').fill(email);
  const row = admin.getByTestId('account-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Delivery Rider');
  await expect(row).toContainText('Fast Delivery');
  await row.getByTestId('account-reset').click();
  const dialog = admin.getByTestId('reset-link-dialog');
  await expect(dialog).toContainText(`Create a one-time link for ${email}`);
  await dialog.getByTestId('reset-link-create').click();
  await expect(dialog).toContainText('it is shown only once');
  const linkBox = dialog.getByTestId('reset-link');
  await expect(linkBox).toHaveValue(/\/reset\/[a-z2-7]{32}$/);
  const link = await linkBox.inputValue();
  expect(link.startsWith(baseURL!)).toBe(true);

  // The rider opens it signed out, sets a new password and is signed in on their portal.
  const riderPage = await phone.newPage();
  await riderPage.goto(link);
  await expect(riderPage.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await riderPage.getByLabel('New password', { exact: true }).fill('short');
  await riderPage.getByLabel('Confirm new password').fill('short');
  await riderPage.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(riderPage.getByTestId('reset-error')).toHaveText('Use at least 10 characters: a few unrelated words make a good passphrase.');
  await riderPage.getByLabel('New password', { exact: true }).fill(THIRD);
  await riderPage.getByLabel('Confirm new password').fill(THIRD);
  await riderPage.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(riderPage).toHaveURL(/\/rider$/);
  expect(await status(phone)).toBe(200);
  expect((await phone.request.post('/api/auth/login', { data: { email, password: SECOND } })).status()).toBe(401);

  // The link worked once.
  await riderPage.goto(link);
  await riderPage.getByLabel('New password', { exact: true }).fill('yet another long phrase');
  await riderPage.getByLabel('Confirm new password').fill('yet another long phrase');
  await riderPage.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(riderPage.getByTestId('reset-error')).toHaveText('This reset link has already been used. Ask your administrator for a new one.');

  for (const c of [phone, tablet, other, adminContext]) await c.close();
});
