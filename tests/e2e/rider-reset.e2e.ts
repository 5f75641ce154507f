import { expect, test, type Page } from '@playwright/test';
import { E2E_SMTP_PORT } from '../../playwright.config';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { freshCompany, freshRider, signIn, type FreshRider } from './fixtures';

/**
 * Issue 22 item 3, in the company's Fleet Management tab: for a rider who already has a password the
 * manager can only send a reset e-mail to the rider, and sees that it was sent: never a link.
 */
let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink(E2E_SMTP_PORT);
});
test.afterAll(() => sink.close());
/** The sink also gets other mail of the run (a new company's manager invitation): only the rider's counts here. */
const mailsTo = (email: string) => sink.messages.filter((m) => m.envelopeTo.includes(email));

const SHOTS = process.env.SHOTS_DIR;
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [w, h] of [[390, 844], [1280, 800]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SHOTS}/${name}-${w}x${h}.png` });
  }
}

async function sendReset(page: Page, rider: FleetLabel, texts: { button: string; title: string; send: string; sent: string }) {
  const card = page.getByTestId('rider-card').filter({ hasText: rider.name });
  await expect(card.getByTestId('rider-invite')).toHaveText(texts.button);
  await card.getByTestId('rider-invite').click();
  const dialog = page.getByTestId('invite-dialog');
  await expect(dialog.getByRole('heading', { name: texts.title })).toBeVisible();
  await expect(dialog.getByTestId('invite-create')).toHaveText(texts.send);
  const answer = page.waitForResponse((r) => r.url().includes('company.inviteRider'));
  await dialog.getByTestId('invite-create').click();
  const body = await (await answer).text();
  await expect(dialog.getByTestId('reset-sent')).toHaveText(texts.sent);
  return { dialog, body };
}
type FleetLabel = Pick<FreshRider, 'name'>;

test('a signed-up rider: the manager sends a reset e-mail to the rider and sees only "sent"', async ({ page, context }) => {
  const company = await freshCompany();
  const rider = await freshRider(company);
  await signIn(context, company.manager);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/company?tab=fleet');

  const { dialog, body } = await sendReset(page, rider, {
    button: 'Send password reset',
    title: `Password reset for ${rider.name}`,
    send: 'Send reset e-mail',
    sent: `A password reset e-mail was sent to ${rider.name}.`,
  });
  // No link, no token: not on screen, not in the answer.
  expect(body).not.toContain('/reset/');
  expect(body).not.toContain('/invite/');
  await expect(dialog.getByTestId('invite-link')).toHaveCount(0);
  await expect(dialog.locator('a, input')).toHaveCount(0);
  // The e-mail went to the rider, with the link the rider alone can use.
  await expect.poll(() => mailsTo(rider.email).length).toBe(1);
  expect(mailsTo(rider.email)[0]!.subject).toBe('Choose a new password for KWT Delivery');
  expect(mailsTo(rider.email)[0]!.text).toMatch(/http:\/\/127\.0\.0\.1:\d+\/reset\/[a-z2-7]{32}/);
  // The manager's own inbox got nothing of it.
  expect(mailsTo(company.manager.email)).toHaveLength(0);
  await shoot(page, 'rider-reset-sent-en');

  // Arabic: the manager switches language; the same flow reads right to left.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('invite-dialog')).toBeHidden();
  const saved = page.waitForResponse((r) => r.url().includes('auth.setLocale') && r.ok());
  await page.getByTestId('lang-switch').click();
  await saved;
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await sendReset(page, rider, {
    button: 'إرسال إعادة تعيين كلمة المرور',
    title: `إعادة تعيين كلمة مرور ${rider.name}`,
    send: 'إرسال رسالة إعادة التعيين',
    sent: `أُرسلت رسالة إعادة تعيين كلمة المرور إلى ${rider.name}.`,
  });
  await expect.poll(() => mailsTo(rider.email).length).toBe(2);
  await shoot(page, 'rider-reset-sent-ar');
});
