import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { translate } from '../../src/shared/i18n';
import { signIn } from './fixtures';

/** Issue 8: the weekend in date pickers (a calendar beside the native input) and the company's weekly report. */
const SHOTS = '.tmp/shots-weekly';
mkdirSync(SHOTS, { recursive: true });

const dow = (iso: string) => new Date(`${iso}T12:00:00Z`).getUTCDay();
const plusDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Each day of the open calendar: its date, and whether its button is named a weekend day. */
async function calendarDays(calendar: Locator) {
  return calendar.locator('[data-day]:not([data-outside])').evaluateAll((cells) =>
    cells.map((c) => ({ date: c.getAttribute('data-day')!, label: c.querySelector('button')?.getAttribute('aria-label') ?? '' })),
  );
}

async function setAccountLocale(context: BrowserContext, locale: 'en' | 'ar') {
  const res = await context.request.post('/api/trpc/auth.setLocale', { data: { locale } });
  expect(res.status()).toBe(200);
}

test.beforeEach(async ({ context }) => {
  await signIn(context, 'fast');
});

test('date picker: Kuwait weeks start on Sunday, Friday and Saturday marked; keyboard, Escape and outside click', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/company?tab=orders');
  const field = page.getByTestId('filter-from');
  const input = field.locator('input[type=date]');
  // The native input still takes typed dates (and Playwright's fill()).
  await input.fill('2026-05-05');
  await expect(input).toHaveValue('2026-05-05');

  await page.getByTestId('filter-from-open').click();
  const calendar = page.getByTestId('filter-from-calendar');
  await expect(calendar).toBeVisible();
  await expect(calendar.locator('.rdp-caption_label')).toHaveText('May 2026');
  await expect(calendar.locator('.rdp-weekday')).toHaveText(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  await expect(calendar.getByTestId('filter-from-legend')).toHaveText('Weekend days (Fri–Sat) are shaded');
  const days = await calendarDays(calendar);
  expect(days.length).toBe(31);
  for (const d of days) expect([d.date, d.label.includes('weekend')]).toEqual([d.date, dow(d.date) === 5 || dow(d.date) === 6]);
  await expect(calendar.locator('[data-day="2026-05-08"] button')).toHaveAccessibleName(/^Friday,? 8 May 2026, weekend$/);
  await expect(calendar.locator('[data-day="2026-05-08"]')).toHaveClass(/bg-secondary/);
  await expect(calendar.locator('[data-day="2026-05-07"]')).not.toHaveClass(/bg-secondary/);
  // The selected day has the focus; the arrows move it, Enter picks and closes.
  await expect(calendar.locator('[data-day="2026-05-05"] button')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(calendar.locator('[data-day="2026-05-13"] button')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(input).toHaveValue('2026-05-13');
  await expect(page.getByTestId('filter-from-open')).toBeFocused();

  // Escape closes without picking; so does a click outside.
  await page.getByTestId('filter-from-open').click();
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await page.getByTestId('filter-from-open').click();
  await expect(calendar).toBeVisible();
  await page.mouse.click(4, 400);
  await expect(calendar).toBeHidden();
  await expect(input).toHaveValue('2026-05-13');

  // A click on a day picks it; the "to" field opens on the month of "from" and cannot end before it.
  await page.getByTestId('filter-to-open').click();
  const to = page.getByTestId('filter-to-calendar');
  await expect(to.locator('[data-day="2026-05-12"] button')).toBeDisabled();
  await to.locator('[data-day="2026-05-15"] button').click();
  await expect(page.getByTestId('filter-to').locator('input')).toHaveValue('2026-05-15');
});

test('weekly report: Sunday to Saturday with the weekend marked, previous/next week, CSV download', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/company');
  const report = page.getByTestId('weekly-report');
  await report.scrollIntoViewIfNeeded();
  const rows = report.getByTestId('weekly-row');
  await expect(rows).toHaveCount(7);
  const first = (await rows.first().getAttribute('data-date'))!;
  expect(dow(first)).toBe(0);
  expect(await rows.evaluateAll((r) => r.map((x) => x.getAttribute('data-weekend')))).toEqual(['false', 'false', 'false', 'false', 'false', 'true', 'true']);
  await expect(rows.nth(5).getByTestId('weekly-weekend')).toHaveText('Weekend');
  await expect(rows.nth(6).getByTestId('weekly-weekend')).toHaveText('Weekend');
  await expect(rows.nth(0).getByTestId('weekly-weekend')).toHaveCount(0);
  await expect(report.getByTestId('weekly-total')).toContainText('Week total');
  await expect(report.getByTestId('weekly-total')).toContainText(/KWD\s?\d+\.\d{3}/);
  await expect(report.getByTestId('weekly-next')).toBeDisabled();

  // A week back: the seeded orders of the last 30 days show up; then forward again.
  await report.getByTestId('weekly-prev').click();
  await expect(rows.first()).toHaveAttribute('data-date', plusDays(first, -7));
  await expect(report.getByTestId('weekly-next')).toBeEnabled();
  const created = await report.getByTestId('weekly-total').locator('td').first().innerText();
  expect(Number(created)).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/weekly-previous-desktop-en.png` });

  const [download] = await Promise.all([page.waitForEvent('download'), report.getByTestId('weekly-csv').click()]);
  expect(download.suggestedFilename()).toBe(`kwt-weekly-fast-delivery-${plusDays(first, -7)}.csv`);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toContain('Date,Day,Weekend,Orders created,Delivered,Cancelled,Revenue (KWD),COD collected (KWD),Active riders,Duty minutes');
  expect(csv).toContain(`${plusDays(first, -2)},Friday,yes,`);
  expect(csv).toContain(`Total,,,${created},`);

  await report.getByTestId('weekly-next').click();
  await expect(rows.first()).toHaveAttribute('data-date', first);
  await report.getByTestId('weekly-prev').click();
  await report.getByTestId('weekly-this').click();
  await expect(rows.first()).toHaveAttribute('data-date', first);
  await expect(report.getByTestId('weekly-this')).toHaveCount(0);
});

test('admin Generate Reports: the calendar works inside the modal dialog', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signIn(context, 'admin');
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByTestId('reports-button').click();
  const modal = page.getByTestId('reports-modal');
  await modal.locator('input[name=from]').fill('2026-04-01');
  await modal.getByTestId('report-from-open').click();
  const calendar = page.getByTestId('report-from-calendar');
  await expect(calendar).toBeVisible();
  await expect(calendar.locator('.rdp-weekday').first()).toHaveText('Sun');
  await page.screenshot({ path: `${SHOTS}/admin-reports-picker-desktop-en.png` });
  await calendar.locator('[data-day="2026-04-09"] button').click();
  await expect(calendar).toBeHidden();
  await expect(modal.locator('input[name=from]')).toHaveValue('2026-04-09');
  // Escape in the calendar closes the calendar, not the dialog.
  await modal.getByTestId('report-from-open').click();
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(modal).toBeVisible();
  await context.close();
});

async function shoot(page: Page, name: string, language: 'en' | 'ar') {
  const tr = (key: Parameters<typeof translate>[1]) => translate(language, key);
  await page.goto('/company?tab=orders');
  await page.getByTestId('filter-from').locator('input').fill('2026-05-05');
  await page.getByTestId('filter-from-open').click();
  const calendar = page.getByTestId('filter-from-calendar');
  await expect(calendar).toBeVisible();
  await expect(calendar.getByTestId('filter-from-legend')).toContainText(tr('gulf.weekend.friSat'));
  await page.screenshot({ path: `${SHOTS}/picker-${name}-${language}.png` });
  await page.keyboard.press('Escape');
  await page.goto('/company');
  const report = page.getByTestId('weekly-report');
  await report.scrollIntoViewIfNeeded();
  await report.getByTestId('weekly-prev').click();
  await expect(report.getByTestId('weekly-range')).toBeVisible();
  await expect(report).toContainText(tr('gulf.weekly.weekend'));
  await report.locator('xpath=ancestor::section[1]').screenshot({ path: `${SHOTS}/weekly-${name}-${language}.png` });
}

for (const language of ['en', 'ar'] as const) {
  for (const [name, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    test(`screenshots: ${name}, ${language}`, async ({ page, context }) => {
      await page.setViewportSize(viewport);
      if (language === 'ar') await setAccountLocale(context, 'ar');
      try {
        await shoot(page, name, language);
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      } finally {
        if (language === 'ar') await setAccountLocale(context, 'en');
      }
    });
  }
}
