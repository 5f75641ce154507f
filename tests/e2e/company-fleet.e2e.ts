import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectToast, signIn } from './fixtures';

/** Issue 4 item 2: the Fleet Management tab's Add New Rider dialog (spec sections 4, 5, 8 and 9). */
const PHONE = 'Phone must start with + and contain 10-15 digits (e.g., +96512345678)';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openFleet(page: Page): Promise<Locator> {
  await page.goto('/company?tab=fleet');
  await expect(page.getByTestId('rider-card').first()).toBeVisible();
  await page.getByTestId('add-rider').click();
  const dialog = page.getByTestId('add-rider-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fill(dialog: Locator, v: Partial<Record<'name' | 'email' | 'phone' | 'licenseNumber', string>> & { vehicleType?: string }) {
  for (const key of ['name', 'email', 'phone', 'licenseNumber'] as const) {
    if (v[key] !== undefined) await dialog.locator(`input[name=${key}]`).fill(v[key]!);
  }
  if (v.vehicleType) await dialog.locator('select[name=vehicleType]').selectOption(v.vehicleType);
}

const submit = (dialog: Locator) => dialog.getByTestId('add-rider-submit').click();

test.describe('company fleet: add rider', () => {
  test.beforeEach(async ({ context }) => {
    await signIn(context, 'fast');
  });

  test('every validation message, joined with ". " in one Validation Error toast; nothing is sent', async ({ page }) => {
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('company.addRider')) sent++;
    });
    const dialog = await openFleet(page);
    await expect(dialog.getByRole('heading', { name: 'Add New Rider' })).toBeVisible();

    await submit(dialog);
    await expectToast(page, 'Validation Error', 'Name is required. Email is required. Phone is required. Vehicle type is required. License number is required');

    // One missing at a time (the vehicle type first, while the select still has no choice).
    await fill(dialog, { name: 'Test Rider', email: 'test.rider@example.com', phone: '+96512345678', licenseNumber: 'kw-1' });
    await submit(dialog);
    await expectToast(page, 'Validation Error', 'Vehicle type is required');
    await fill(dialog, { vehicleType: 'car' });
    const required = { name: 'Name is required', email: 'Email is required', phone: 'Phone is required', licenseNumber: 'License number is required' } as const;
    for (const [field, message] of Object.entries(required)) {
      const input = dialog.locator(`input[name=${field}]`);
      const kept = await input.inputValue();
      await input.fill('   ');
      await submit(dialog);
      await expectToast(page, 'Validation Error', message);
      await input.fill(kept);
    }

    await fill(dialog, { email: 'not-an-email' });
    await submit(dialog);
    await expectToast(page, 'Validation Error', 'Invalid email format');
    await fill(dialog, { email: 'test.rider@example.com', phone: '96512345678' });
    await submit(dialog);
    await expectToast(page, 'Validation Error', PHONE);
    await fill(dialog, { email: 'a@b', phone: '+123' });
    await submit(dialog);
    await expectToast(page, 'Validation Error', `Invalid email format. ${PHONE}`);
    await fill(dialog, { name: '', email: 'a@b', phone: '+123' });
    await submit(dialog);
    await expectToast(page, 'Validation Error', `Name is required. Invalid email format. ${PHONE}`);

    await expect(page.getByTestId('toast')).toHaveAttribute('role', 'alert');
    await expect(page.getByTestId('toast')).toHaveClass(/alert-error/);
    await expect(dialog).toBeVisible();
    expect(sent).toBe(0);
  });

  test('success: appended at once, form reset, dialog closed, list refetched after 1 s', async ({ page, context }) => {
    const dialog = await openFleet(page);
    const before = await page.getByTestId('rider-card').count();
    const id = unique();
    const email = `  Noor.${id}@Example.com `;
    await fill(dialog, { name: `  Noor ${id} `, email, phone: ' +96550123456 ', vehicleType: 'van', licenseNumber: ' kw-aa1 ' });
    const sent = page.waitForRequest((r) => r.url().includes('company.addRider'));
    // Hold the refetch so the card on screen can only come from the local append. The service
    // worker fetches API reads itself, so the route is on the context, not the page.
    let refetches = 0;
    let refetchedAt = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await context.route(/\/api\/trpc\/[^?]*company\.riders/, async (route) => {
      refetches++;
      refetchedAt = Date.now();
      await gate;
      await route.continue().catch(() => undefined);
    });
    const answered = page.waitForResponse((r) => r.url().includes('company.addRider'));
    await submit(dialog);
    const body = ((await sent).postDataJSON() as Record<string, unknown>)[0]; // the batch link numbers its calls
    expect(body).toEqual({ name: `Noor ${id}`, email: `noor.${id}@example.com`, phone: '+96550123456', vehicleType: 'van', licenseNumber: 'KW-AA1', region: 'KWD' });
    await answered;
    const at = Date.now();
    await expectToast(page, 'Rider Added Successfully', `Noor ${id} was added to your fleet`);
    await expect(dialog).not.toBeVisible();
    const card = page.getByTestId('rider-card').filter({ hasText: `Noor ${id}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText('KW-AA1');
    await expect(card).toContainText('Van');
    await expect(card).toContainText('Kuwait (KWD)');
    await expect(page.getByTestId('rider-card')).toHaveCount(before + 1);
    expect(refetches).toBe(0);

    // Spec section 9: the list refresh comes 1 s after the success.
    await expect.poll(() => refetches, { timeout: 3000, intervals: [25] }).toBe(1);
    const waited = refetchedAt - at;
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(2000);
    release();

    // The form was reset: reopening shows empty fields.
    await page.getByTestId('add-rider').click();
    await expect(dialog.locator('input[name=name]')).toHaveValue('');
    await expect(dialog.locator('input[name=email]')).toHaveValue('');
    await expect(dialog.locator('select[name=vehicleType]')).toHaveValue('');
  });

  test('a duplicate email: Error Adding Rider with the server’s message', async ({ page }) => {
    const dialog = await openFleet(page);
    await fill(dialog, { name: 'Copy Cat', email: 'RIDER@example.com', phone: '+96550123457', vehicleType: 'motorcycle', licenseNumber: 'KW-2' });
    await submit(dialog);
    await expectToast(page, 'Error Adding Rider', 'A rider with this email already exists');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('input[name=name]')).toHaveValue('Copy Cat');
  });

  test('no connection: the spec’s Network Error toast', async ({ page }) => {
    const dialog = await openFleet(page);
    await page.route(/company\.addRider/, (route) => route.abort('internetdisconnected'));
    await fill(dialog, { name: 'Offline Rider', email: `offline.${unique()}@example.com`, phone: '+96550123458', vehicleType: 'bicycle', licenseNumber: 'KW-3' });
    await submit(dialog);
    await expectToast(page, 'Network Error', 'Could not connect to server. Please check your connection and try again.');
    await expect(dialog).toBeVisible();
  });
});

test.describe('company fleet: edit, suspend, reactivate', () => {
  test('a manager edits a rider, suspends and reactivates them', async ({ page, context }) => {
    await signIn(context, 'fast');
    const dialog = await openFleet(page);
    const id = unique();
    await fill(dialog, { name: `Edit ${id}`, email: `edit.${id}@example.com`, phone: '+96550123460', vehicleType: 'car', licenseNumber: 'KW-10' });
    await submit(dialog);
    const card = page.getByTestId('rider-card').filter({ hasText: `Edit ${id}` });
    await expect(card).toBeVisible();

    await card.getByTestId('rider-edit').click();
    const edit = page.getByTestId('edit-rider-dialog');
    await edit.locator('input[name=licenseNumber]').fill('kw-11');
    await edit.locator('input[name=phone]').fill('123');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText(PHONE)).toBeVisible();
    await edit.locator('input[name=phone]').fill('+96550123461');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Rider updated');
    await expect(card).toContainText('KW-11');

    await card.getByTestId('rider-suspend').click();
    await page.getByTestId('suspend-dialog').getByTestId('suspend-confirm').click();
    await expectToast(page, `Edit ${id} is suspended`);
    await expect(card.getByTestId('rider-status')).toHaveText('Suspended');
    await expect(card.getByTestId('rider-invite')).toHaveCount(0);
    await card.getByTestId('rider-reactivate').click();
    await expectToast(page, `Edit ${id} is active again`);
    await expect(card.getByTestId('rider-status')).toHaveText('Active');
  });
});

test.describe('company fleet: rider sign-in by invitation', () => {
  test('invite link → the rider sets a password on /invite/… and lands on /app as that rider', async ({ page, context, browser, baseURL }) => {
    await signIn(context, 'fast');
    const dialog = await openFleet(page);
    const id = unique();
    const email = `invited.${id}@example.com`;
    await fill(dialog, { name: `Invited ${id}`, email, phone: '+96550123459', vehicleType: 'car', licenseNumber: 'KW-9' });
    await submit(dialog);
    await expectToast(page, 'Rider Added Successfully');
    const card = page.getByTestId('rider-card').filter({ hasText: `Invited ${id}` });
    await card.getByTestId('rider-invite').click();
    const invite = page.getByTestId('invite-dialog');
    await invite.getByTestId('invite-create').click();
    const linkBox = invite.getByTestId('invite-link');
    await expect(linkBox).toHaveValue(/\/invite\/[a-z2-7]{32}$/);
    const link = await linkBox.inputValue();
    expect(link.startsWith(baseURL!)).toBe(true);
    const wa = await invite.getByTestId('invite-whatsapp').getAttribute('href');
    expect(wa).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(wa!.slice('https://wa.me/?text='.length))).toContain(link);

    // The rider, on their own phone: signed out, opens the link.
    const riderContext = await browser.newContext({ baseURL });
    const rider = await riderContext.newPage();
    await rider.goto(link);
    await expect(rider.getByRole('heading', { name: 'Welcome to KWT Delivery' })).toBeVisible();
    await rider.locator('input[name=password]').fill('short');
    await rider.locator('input[name=confirm]').fill('short');
    await rider.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(rider.getByTestId('invite-field-error')).toHaveText('Use at least 10 characters: a few unrelated words make a good passphrase.');
    await rider.locator('input[name=password]').fill('Ride2026ok');
    await rider.locator('input[name=confirm]').fill('Ride2026ok');
    await rider.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(rider).toHaveURL(/\/app$/);
    await expect(rider.getByTestId('rider-app')).toBeVisible();
    const me = await (await riderContext.request.get('/api/auth/user')).json();
    expect(me).toMatchObject({ email, role: 'rider', companyName: 'Fast Delivery' });

    // The link worked once.
    const again = await browser.newContext({ baseURL });
    const second = await again.newPage();
    await second.goto(link);
    await second.locator('input[name=password]').fill('Other2026ok');
    await second.locator('input[name=confirm]').fill('Other2026ok');
    await second.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(second.getByTestId('invite-error')).toContainText('already been used');
    await again.close();
    await riderContext.close();
  });
});
