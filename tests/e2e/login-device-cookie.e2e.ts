import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { addLockoutNotice } from './db';
import { freshCompany, freshRider, signIn, trpcPost } from './fixtures';

/**
 * Issue 22 item 1 in the browser: a sign-in leaves the long-lived, HttpOnly device cookie, which signing out keeps;
 * the rider app shows the notice of a sign-in lockout (English and Arabic, phone and desktop).
 */
test.use({ timezoneId: 'Asia/Kuwait', serviceWorkers: 'block' });
const SHOTS = '.tmp/shots-login';

test('the device cookie outlives sign-out, and the rider reads the lockout notice', async ({ browser }) => {
  const company = await freshCompany();
  const rider = await freshRider(company);
  const until = new Date(Date.now() + 12 * 60_000);
  await addLockoutNotice({ id: rider.id, email: rider.email, companyId: company.id }, until);
  mkdirSync(SHOTS, { recursive: true });

  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signIn(ctx, { email: rider.email });
  const device = (await ctx.cookies()).find((c) => c.name === 'kwt_device');
  expect(device?.httpOnly).toBe(true);
  expect(device?.sameSite).toBe('Lax');
  expect(device?.path).toBe('/api');
  expect(device!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600_000);
  expect(device?.value.startsWith(`${((await (await ctx.request.get('/api/auth/user')).json()) as { id: string }).id}.`)).toBe(true);

  const page = await ctx.newPage();
  const hhmm = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kuwait', timeStyle: 'short' }).format(until);
  for (const [locale, text] of [
    ['en', `New-device sign-ins paused until ${hhmm} after 10 wrong passwords.`],
    ['ar', 'أُوقف تسجيل الدخول من الأجهزة الجديدة حتى'],
  ] as const) {
    await trpcPost(ctx.request, 'auth.setLocale', { locale });
    await page.goto('/app');
    const notice = page.locator('[data-testid="rider-notice"][data-kind="login_lockout"]');
    await expect(notice).toContainText(text);
    await page.screenshot({ path: `${SHOTS}/app-lockout-notice-${locale}-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/app-lockout-notice-${locale}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
  }

  expect((await ctx.request.post('/api/auth/logout')).status()).toBe(200);
  const after = await ctx.cookies();
  expect(after.find((c) => c.name === 'kwt_session')).toBeUndefined();
  expect(after.find((c) => c.name === 'kwt_device')?.value).toBe(device!.value);
  await ctx.close();
});
