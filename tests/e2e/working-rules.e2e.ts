import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { RegionRuleSettings } from '../../src/shared/compliance/rules';
import type { RegionId } from '../../src/shared/regions';
import { expectToast, freshCompany, freshRider, signIn, trpcGet, trpcPost, type Who } from './fixtures';

/**
 * Issue 9 item 5 through the browser. The server's clock is the real one (no test clock exists), so the
 * time-of-day behaviour is covered by unit and router tests with a fixed `now`; here: the admin editor
 * saves and validates, the company card shows today's state, and the rider banner shows the daily-hours
 * warning and the refusal. Every test sets the rules it reads, makes its own company and rider, and gives
 * the rider worked minutes relative to now (a duty started and a break taken in the past, through the
 * rider's API), so what it expects is written out and holds at any hour of any day.
 */
test.use({ serviceWorkers: 'block' });

const SHOTS = '.tmp/shots-h5';
const MIN = 60_000;
const PHONE = { width: 390, height: 844 };

type Entry = { region: RegionId; settings: RegionRuleSettings };
type Now = { hours: { workedMinutes: number; running: boolean } };

async function contextFor(browser: Browser, who: Who, viewport = { width: 1280, height: 800 }) {
  const ctx = await browser.newContext({ viewport });
  await signIn(ctx, who);
  return ctx;
}

async function shot(page: Page, name: string, part?: ReturnType<Page['getByTestId']>) {
  mkdirSync(SHOTS, { recursive: true });
  if (part) await part.screenshot({ path: `${SHOTS}/${name}.png` });
  else await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

// ---- the real clock ---------------------------------------------------------------------------

const ZONE: Record<RegionId, string> = { kuwait: 'Asia/Kuwait', uae: 'Asia/Dubai' };

/** The zone's wall clock now: month and day as one number (615 = 15 June) and minutes since midnight. */
function wallClock(zone: string, at = new Date()) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' })
      .formatToParts(at)
      .map((x) => [x.type, Number(x.value)]),
  );
  return { md: p.month! * 100 + p.day!, minutes: p.hour! * 60 + p.minute! + p.second! / 60 };
}

/**
 * Waits until `ok()` holds, checking every 5 s, for the few minutes a day when it does not (the test's
 * time limit grows by the wait). Used so that a test never meets a day's edge half-way, never to skip.
 */
async function until<T>(ok: () => T | null, most = 10 * MIN): Promise<T> {
  const start = Date.now();
  for (let v = ok(); ; v = ok()) {
    if (v !== null) return v;
    if (Date.now() - start > most) throw new Error('the clock never reached a usable moment');
    test.setTimeout(test.info().timeout + 5_000);
    await new Promise((r) => setTimeout(r, 5_000));
  }
}

/**
 * A region whose working day is more than an hour old and not ending within three minutes: a rider there
 * can have worked a full hour today. Dubai's day is younger than that from 20:00 to 21:03 UTC, when
 * Kuwait's is old enough, except from 20:57 to 21:03 UTC, when this waits (at most six minutes).
 */
const regionWithAnHourBehind = () =>
  until(() => (['uae', 'kuwait'] as const).find((r) => wallClock(ZONE[r]).minutes >= 63 && wallClock(ZONE[r]).minutes <= 24 * 60 - 3) ?? null);

let admin: BrowserContext;
let original: Entry[];
/** Every setting of the region, as the test states it (none left from another test). */
const setRules = (region: RegionId, settings: RegionRuleSettings) => trpcPost<Entry>(admin, 'admin.regionRulesUpdate', { region, ...settings });
const NO_PAUSES = { summerMotorcycleBan: false, summerMiddayBreak: false, iftarPause: false };

/**
 * A car rider of a new company, signed in on a phone, who went on duty 62 minutes ago and has been on a
 * break for the last 2: 60 minutes worked today, a figure that stands still while the break lasts.
 */
async function riderWithAnHourWorked(browser: Browser) {
  const region = await regionWithAnHourBehind();
  await setRules(region, { ...NO_PAUSES, maxDailyHours: 1.5, warnBeforeMinutes: 30 });
  const company = await freshCompany(region);
  const rider = await freshRider(company);
  const ctx = await contextFor(browser, rider, PHONE);
  const now = Date.now();
  await trpcPost(ctx, 'rider.dutyStart', { startOdometerKm: 1200, at: now - 62 * MIN });
  await trpcPost(ctx, 'rider.breakStart', { at: now - 2 * MIN });
  expect((await trpcGet<Now>(ctx, 'rider.rulesNow')).hours).toMatchObject({ workedMinutes: 60, running: false });
  return { region, company, rider, ctx };
}

test.beforeAll(async ({ browser }) => {
  admin = await contextFor(browser, 'admin');
  original = await trpcGet<Entry[]>(admin, 'admin.regionRules');
});

test.afterAll(async () => {
  for (const e of original) await setRules(e.region, e.settings);
  await admin.close();
});

test('the admin edits a region: toggles, maximum and warning, validated and saved', async () => {
  for (const region of ['kuwait', 'uae'] as const) await setRules(region, { summerMotorcycleBan: true, summerMiddayBreak: true, iftarPause: true, maxDailyHours: 10, warnBeforeMinutes: 30 });
  const page = await admin.newPage();
  await page.goto('/admin');
  const uae = page.getByTestId('region-rules-uae');
  await expect(uae.getByTestId('rules-toggle-uae-midday_break')).toBeChecked();
  await expect(uae.getByTestId('rules-toggle-uae-iftar_pause')).toBeChecked();
  await expect(page.getByTestId('region-rules-kuwait').getByTestId('rules-toggle-kuwait-summer_ban')).toBeChecked();
  await expect(uae.getByTestId('rules-save-uae')).toBeDisabled();
  await shot(page, 'admin-editor-1280-en', page.getByTestId('region-rules-admin').locator('xpath=ancestor::section[1]'));

  await uae.getByTestId('rules-hours-uae').fill('0');
  await uae.getByTestId('rules-save-uae').click();
  await expect(uae.getByRole('alert')).toHaveText('Maximum daily hours must be between 1 and 24, in half hours');

  await uae.getByTestId('rules-hours-uae').fill('٩٫٥'); // Arabic-Indic digits are accepted
  await uae.getByTestId('rules-warn-uae').fill('45');
  await uae.getByTestId('rules-toggle-uae-iftar_pause').uncheck();
  await uae.getByTestId('rules-save-uae').click();
  await expectToast(page, 'Working rules saved for UAE');
  await expect(uae.getByTestId('rule-iftar_pause-state')).toHaveText('Off');

  await page.reload();
  await expect(page.getByTestId('rules-hours-uae')).toHaveValue('9.5');
  await expect(page.getByTestId('rules-warn-uae')).toHaveValue('45');
  await expect(page.getByTestId('rules-toggle-uae-iftar_pause')).not.toBeChecked();
  await expect(page.getByTestId('rules-toggle-uae-midday_break')).toBeChecked();
  const saved = (await trpcGet<Entry[]>(admin, 'admin.regionRules')).find((e) => e.region === 'uae')!;
  expect(saved.settings).toEqual({ summerMotorcycleBan: true, summerMiddayBreak: true, maxDailyHours: 9.5, warnBeforeMinutes: 45, iftarPause: false });
  await page.close();
});

/**
 * The UAE midday break on a card at `at`: 15 June to 15 September, 12:30–15:00 Dubai time (docs/compliance.md),
 * each state's label written out; null within 30 s of an edge (midnight, 12:30, 15:00), where it is about to change.
 */
function middayBreakLabel(at = new Date()): string | null {
  const { md, minutes } = wallClock(ZONE.uae, at);
  if ([0, 12 * 60 + 30, 15 * 60].some((edge) => (edge - minutes + 24 * 60) % (24 * 60) < 0.5)) return null;
  if (md < 615 || md > 915) return 'Not in season';
  if (minutes < 12 * 60 + 30) return 'Today 12:30–15:00';
  if (minutes < 15 * 60) return 'Active now until 15:00';
  return 'Ended today at 15:00';
}

test("the company card shows its region's rules with today's state", async ({ browser }) => {
  await setRules('uae', { summerMotorcycleBan: false, summerMiddayBreak: true, iftarPause: false, maxDailyHours: 9.5, warnBeforeMinutes: 45 });
  const company = await freshCompany('uae');
  const ctx = await contextFor(browser, company.manager);
  const page = await ctx.newPage();
  const midday = await until(() => middayBreakLabel());
  await page.goto('/company?tab=compliance');
  const card = page.getByTestId('rules-card');
  await expect(card.locator('li')).toHaveCount(3);
  await expect(card.getByTestId('rule-midday_break-state')).toHaveText(midday);
  await expect(card.getByTestId('rule-iftar_pause-state')).toHaveText('Off');
  await expect(card.getByTestId('rule-max_hours-state')).toHaveText('On');
  await expect(card.getByTestId('rule-midday_break')).toContainText('15 June to 15 September, 12:30–15:00 UAE time: no orders for riders on motorcycles and bicycles. Cars and vans are not affected.');
  await expect(card.getByTestId('rule-max_hours')).toContainText('At most 9.5 working hours a day (duty minus breaks), with a warning 45 minutes before.');
  await expect(page.getByText('Rules for UAE, times in local time. Set by KWT Delivery.')).toBeVisible();
  await shot(page, 'company-card-1280-en', card.locator('xpath=ancestor::section[1]'));
  await ctx.close();
});

test('the rider sees the hours warning, then the refusal at the maximum', async ({ browser }) => {
  // 60 minutes worked of a maximum of 1 h 30 min, warned 30 minutes before it (riderWithAnHourWorked).
  const { region, ctx } = await riderWithAnHourWorked(browser);
  const page = await ctx.newPage();
  await page.goto('/app');
  const warning = page.getByTestId('rules-banner-hours');
  await expect(warning.locator('p').first()).toHaveText('Maximum daily hours');
  await expect(warning.locator('p').nth(1)).toHaveText('You have worked 1 h of 1 h 30 min today: 30 min left.');
  await shot(page, 'rider-warning-390-en');

  // A maximum of 1 h: reached.
  await setRules(region, { ...NO_PAUSES, maxDailyHours: 1, warnBeforeMinutes: 30 });
  await page.reload();
  const refused = page.getByTestId('rules-banner-now-max_hours');
  await expect(refused.locator('p').first()).toHaveText('No duty or new orders until tomorrow');
  await expect(refused.locator('p').nth(1)).toHaveText('You have reached the maximum of 1 working hours today.');
  await expect(page.getByTestId('rules-banner-hours')).toHaveCount(0);
  await shot(page, 'rider-refused-390-en');
  await ctx.close();
});

test('screens in English and Arabic, phone and desktop', async ({ browser }) => {
  test.setTimeout(90_000);
  // The rider's banner shows the hours warning, as in the test above.
  const { company, rider, ctx: riderCtx } = await riderWithAnHourWorked(browser);
  await riderCtx.close();
  const hoursLeft = { en: 'You have worked 1 h of 1 h 30 min today: 30 min left.', ar: 'عملت اليوم 1 س من أصل 1 س 30 د، ويتبقى لك 30 د.' };
  const viewports = [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ];
  for (const [who, name, path, part] of [
    ['admin', 'admin', '/admin', 'region-rules-admin'],
    [company.manager, 'company', '/company?tab=compliance', 'rules-card'],
    [rider, 'rider', '/app', null],
  ] as const) {
    const ctx = await contextFor(browser, who);
    const page = await ctx.newPage();
    try {
      for (const locale of ['en', 'ar'] as const) {
        await trpcPost(ctx, 'auth.setLocale', { locale });
        for (const vp of viewports) {
          await page.setViewportSize(vp);
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          const file = `${name}-${vp.width}-${locale}`;
          if (part) {
            const card = page.getByTestId(part).locator('xpath=ancestor::section[1]');
            await expect(card).toBeVisible();
            await shot(page, file, card);
          } else {
            await expect(page.getByTestId('rider-app')).toBeVisible();
            await expect(page.getByTestId('rules-banner-hours').locator('p').nth(1)).toHaveText(hoursLeft[locale]);
            await shot(page, file);
          }
        }
      }
    } finally {
      await trpcPost(ctx, 'auth.setLocale', { locale: 'en' });
      await ctx.close();
    }
  }
});
