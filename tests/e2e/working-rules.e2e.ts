import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { rulesToday, type RegionRuleSettings } from '../../src/shared/compliance/rules';
import { translate, type MessageKey, type MessageParams } from '../../src/shared/i18n';
import { duration, ruleState } from '../../routes/-components/compliance/rule-texts';
import { expectToast, signIn, type AccountKey } from './fixtures';

/**
 * Issue 9 item 5 through the browser. The server's clock is the real one (no test clock exists), so the
 * time-of-day behaviour is covered by unit and router tests with a fixed `now`; here: the admin editor
 * saves and validates, the company card shows today's state as the engine computes it for this instant,
 * and the rider banner shows the daily-hours warning and the refusal, driven by the admin's settings.
 */
test.use({ serviceWorkers: 'block' });

const SHOTS = '.tmp/shots-h5';
const en = (key: MessageKey, params?: MessageParams) => translate('en', key, params);

type Entry = { region: 'kuwait' | 'uae'; settings: RegionRuleSettings };
type Now = { hours: { workedMinutes: number; maxMinutes: number; running: boolean } };

async function trpcGet<T>(ctx: BrowserContext, path: string): Promise<T> {
  const res = await ctx.request.get(`/api/trpc/${path}`);
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { result: { data: T } }).result.data;
}
async function trpcPost<T>(ctx: BrowserContext, path: string, input: unknown): Promise<T> {
  const res = await ctx.request.post(`/api/trpc/${path}`, { data: input });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

async function contextFor(browser: Browser, who: AccountKey, viewport = { width: 1280, height: 800 }) {
  const ctx = await browser.newContext({ viewport });
  await signIn(ctx, who);
  return ctx;
}

async function shot(page: Page, name: string, part?: ReturnType<Page['getByTestId']>) {
  mkdirSync(SHOTS, { recursive: true });
  if (part) await part.screenshot({ path: `${SHOTS}/${name}.png` });
  else await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

let admin: BrowserContext;
let original: Entry[];
const setRules = (region: Entry['region'], settings: Partial<RegionRuleSettings>) =>
  trpcPost<Entry>(admin, 'admin.regionRulesUpdate', { region, ...original.find((e) => e.region === region)!.settings, ...settings });

test.beforeAll(async ({ browser }) => {
  admin = await contextFor(browser, 'admin');
  original = await trpcGet<Entry[]>(admin, 'admin.regionRules');
});

test.afterAll(async () => {
  for (const e of original) await trpcPost(admin, 'admin.regionRulesUpdate', { region: e.region, ...e.settings });
  await admin.close();
});

test('the admin edits a region: toggles, maximum and warning, validated and saved', async () => {
  // The browser suite starts with the seasonal rules off (global-setup.ts); this test edits them from "all on".
  for (const region of ['kuwait', 'uae'] as const) await setRules(region, { summerMotorcycleBan: true, summerMiddayBreak: true, iftarPause: true });
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
  await expect(uae.getByRole('alert')).toHaveText(en('rules.invalid.maxHours'));

  await uae.getByTestId('rules-hours-uae').fill('٩٫٥'); // Arabic-Indic digits are accepted
  await uae.getByTestId('rules-warn-uae').fill('45');
  await uae.getByTestId('rules-toggle-uae-iftar_pause').uncheck();
  await uae.getByTestId('rules-save-uae').click();
  await expectToast(page, en('rules.admin.saved', { region: 'UAE' }));
  await expect(uae.getByTestId('rule-iftar_pause-state')).toHaveText(en('rules.state.off'));

  await page.reload();
  await expect(page.getByTestId('rules-hours-uae')).toHaveValue('9.5');
  await expect(page.getByTestId('rules-warn-uae')).toHaveValue('45');
  await expect(page.getByTestId('rules-toggle-uae-iftar_pause')).not.toBeChecked();
  await expect(page.getByTestId('rules-toggle-uae-midday_break')).toBeChecked();
  const saved = (await trpcGet<Entry[]>(admin, 'admin.regionRules')).find((e) => e.region === 'uae')!;
  // The seasonal rules were switched on above (global-setup.ts starts the suite with them off).
  expect(saved.settings).toEqual({ ...original.find((e) => e.region === 'uae')!.settings, summerMotorcycleBan: true, summerMiddayBreak: true, maxDailyHours: 9.5, warnBeforeMinutes: 45, iftarPause: false });
  await page.close();
});

test("the company card shows its region's rules with today's state", async ({ browser }) => {
  const settings = (await setRules('uae', { iftarPause: false })).settings;
  const ctx = await contextFor(browser, 'emirates');
  const page = await ctx.newPage();
  await page.goto('/company?tab=compliance');
  const card = page.getByTestId('rules-card');
  await expect(card.locator('li')).toHaveCount(3);
  // What the engine says for this instant (the server uses the same clock).
  for (const r of rulesToday('uae', new Date(), settings)) {
    const view = { rule: r.rule, enabled: r.enabled, state: r.state, from: null, to: null };
    const hhmm = (d?: Date) => (d ? new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dubai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d) : null);
    const label = ruleState(en, { ...view, from: hhmm(r.window?.start), to: hhmm(r.window?.end) } as never).label;
    await expect(card.getByTestId(`rule-${r.rule}-state`)).toHaveText(label);
  }
  await expect(card.getByTestId('rule-iftar_pause-state')).toHaveText(en('rules.state.off'));
  await expect(card.getByTestId('rule-midday_break')).toContainText(en('rules.about.midday_break'));
  await expect(card.getByTestId('rule-max_hours')).toContainText(en('rules.about.max_hours', { hours: settings.maxDailyHours, minutes: settings.warnBeforeMinutes }));
  await expect(page.getByText(en('rules.card.region', { region: 'UAE' }))).toBeVisible();
  await shot(page, 'company-card-1280-en', card.locator('xpath=ancestor::section[1]'));
  await ctx.close();
});

test('the rider sees the hours warning, then the refusal at the maximum', async ({ browser }) => {
  const rider = await contextFor(browser, 'riderUae', { width: 390, height: 844 });
  const { hours } = await trpcGet<Now>(rider, 'rider.rulesNow');
  const worked = hours.workedMinutes;
  test.skip(worked < 10, 'the demo rider has worked under 10 minutes in this Dubai day (just after midnight)');
  // A maximum 5–35 minutes ahead, in half hours, with the warning window covering it.
  const max = Math.max(1, Math.ceil((worked + 5) / 30) / 2);
  await setRules('uae', { summerMiddayBreak: false, iftarPause: false, maxDailyHours: max, warnBeforeMinutes: Math.min(240, max * 60 - 1) });
  const page = await rider.newPage();
  await page.goto('/app');
  const warning = page.getByTestId('rules-banner-hours');
  await expect(warning).toContainText(en('rules.name.max_hours'));
  await expect(warning).toContainText(`of ${duration(en, max * 60)} today`);
  await shot(page, 'rider-warning-390-en');

  test.skip(worked < 65, 'too early in the Dubai day to reach a maximum of at least one hour');
  await setRules('uae', { summerMiddayBreak: false, iftarPause: false, maxDailyHours: Math.floor((worked - 2) / 30) / 2, warnBeforeMinutes: 30 });
  await page.reload();
  const refused = page.getByTestId('rules-banner-now-max_hours');
  await expect(refused).toContainText(en('rules.banner.blockedTomorrow'));
  await expect(refused).toContainText(en('rules.reason.max_hours', { hours: Math.floor((worked - 2) / 30) / 2 }));
  await shot(page, 'rider-refused-390-en');
  await rider.close();
});

test('screens in English and Arabic, phone and desktop', async ({ browser }) => {
  test.setTimeout(90_000);
  // The UAE rider's banner shows the hours warning (as in the test above) when the day allows it.
  const probe = await contextFor(browser, 'riderUae');
  const worked = (await trpcGet<Now>(probe, 'rider.rulesNow')).hours.workedMinutes;
  await probe.close();
  const max = Math.max(1, Math.ceil((worked + 5) / 30) / 2);
  await setRules('uae', { iftarPause: false, maxDailyHours: max, warnBeforeMinutes: Math.min(240, max * 60 - 1) });
  const viewports = [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ];
  for (const [who, path, part] of [
    ['admin', '/admin', 'region-rules-admin'],
    ['emirates', '/company?tab=compliance', 'rules-card'],
    ['riderUae', '/app', null],
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
          const name = `${who}-${vp.width}-${locale}`;
          if (part) {
            const card = page.getByTestId(part).locator('xpath=ancestor::section[1]');
            await expect(card).toBeVisible();
            await shot(page, name, card);
          } else {
            await expect(page.getByTestId('rider-app')).toBeVisible();
            if (worked >= 10) await expect(page.getByTestId('rules-banner-hours')).toBeVisible();
            await shot(page, name);
          }
        }
      }
    } finally {
      await trpcPost(ctx, 'auth.setLocale', { locale: 'en' });
      await ctx.close();
    }
  }
});
