import AxeBuilder from '@axe-core/playwright';
import { expect, request, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { addAdmin } from './db';
import { ACCOUNTS, appMounted, freshCompany, freshRider, giveCash, PASSWORD, signIn, trpcGet, trpcPost, type FreshCompany, type FreshRider } from './fixtures';

/**
 * Issue 21 item 8: every text meets WCAG AA. axe-core (its wcag2a and wcag2aa rules, color-contrast among them)
 * over every screen, in English and Arabic, in the light and the dark theme. One browser context per theme and
 * language; each role signs in once in it. A violation fails with the screen, the rule and the offending elements.
 */
test.use({ serviceWorkers: 'block' });

type Combo = { lang: 'en' | 'ar'; scheme: 'light' | 'dark' };
const COMBOS: Combo[] = [
  { lang: 'en', scheme: 'light' },
  { lang: 'en', scheme: 'dark' },
  { lang: 'ar', scheme: 'light' },
  { lang: 'ar', scheme: 'dark' },
];

/** What the whole file looks at: a company of its own with a rider, a delivered cash order, and one-time links. */
type World = { company: FreshCompany; rider: FreshRider; admin: { email: string }; trackingCode: string; invite: string; reset: string };
let world: World | undefined;

async function makeWorld(): Promise<World> {
  const company = await freshCompany('kuwait');
  const rider = await freshRider(company);
  await giveCash(company, rider, [2.5]);
  // An admin of its own: its language is set per combo, and the demo admin's is never touched.
  const admin = { email: `admin.contrast.${Date.now()}@e2e.example.com` };
  await addAdmin(admin.email, 'Mona Al-Rashid');
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await api.post('/api/auth/login', { data: { email: company.manager.email, password: PASSWORD } });
    const { orders } = await trpcGet<{ orders: { trackingCode: string }[] }>(api, 'company.exportReport');
    // A rider who has not signed up yet: only such a rider gets an invitation link (a signed-up one gets a reset e-mail).
    const stamp = Date.now().toString(36);
    const newRider = { name: `Invited ${stamp}`, email: `invited.${stamp}@e2e.example.com`, phone: '+96550001234', vehicleType: 'car', licenseNumber: `E2E-${stamp}`, region: company.currency };
    const invited = await trpcPost<{ rider: { id: string } }>(api, 'company.addRider', newRider);
    const { link: invite } = await trpcPost<{ link: string }>(api, 'company.inviteRider', { id: invited.rider.id });
    await api.post('/api/auth/login', { data: { email: ACCOUNTS.admin.email, password: PASSWORD } });
    const { items } = await trpcGet<{ items: { id: string; email: string }[] }>(api, 'admin.accounts', { q: rider.email });
    const { link: reset } = await trpcPost<{ link: string }>(api, 'admin.issueResetLink', { userId: items.find((u) => u.email === rider.email)!.id });
    return { company, rider, admin, trackingCode: orders[0]!.trackingCode, invite, reset };
  } finally {
    await api.dispose();
  }
}

/** The account's language (it wins over the browser's): set for the combo. */
async function speaks(context: BrowserContext, locale: 'en' | 'ar') {
  expect((await context.request.post('/api/trpc/auth.setLocale', { data: { locale } })).status()).toBe(200);
}

async function signInAs(context: BrowserContext, who: Parameters<typeof signIn>[1], combo: Combo) {
  await signIn(context, who);
  await speaks(context, combo.lang);
}

async function openContext(browser: Browser, { lang, scheme }: Combo): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: scheme, locale: lang === 'ar' ? 'ar-KW' : 'en-GB', serviceWorkers: 'block' });
}

/** axe over the page as it is now (or only `scope`); returns one line per violation and element. */
async function audit(page: Page, screen: string, combo: Combo, scope?: string): Promise<string[]> {
  await appMounted(page);
  await expect(page.locator('html')).toHaveAttribute('lang', combo.lang);
  await expect(page.locator('.skeleton')).toHaveCount(0, { timeout: 10_000 });
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  const result = await (scope ? builder.include(scope) : builder).analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${combo.lang}/${combo.scheme} ${screen}: ${v.id} ${n.target.join(' ')} ${n.any[0]?.message ?? n.failureSummary ?? ''}`));
}

async function visit(page: Page, path: string, combo: Combo, ready?: string): Promise<string[]> {
  await page.goto(path);
  if (ready) await expect(page.getByTestId(ready)).toBeVisible();
  return audit(page, path, combo);
}

/** Each tab of a tab list in turn (its tabs found by role), audited once shown: the tabs and their panels (the rest of the page was audited already). */
async function tabs(page: Page, list: string, screen: string, combo: Combo): Promise<string[]> {
  const all = page.getByTestId(list).getByRole('tab');
  const out: string[] = [];
  for (let i = 0; i < (await all.count()); i++) {
    await all.nth(i).click();
    await expect(all.nth(i)).toHaveAttribute('aria-selected', 'true');
    out.push(...(await audit(page, `${screen} tab ${i + 1}`, combo, `:has(> [data-testid="${list}"])`)));
  }
  return out;
}

for (const combo of COMBOS) {
  test.describe(`WCAG AA (axe) in ${combo.lang}, ${combo.scheme} theme`, () => {
    let context: BrowserContext;
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      world ??= await makeWorld();
      context = await openContext(browser, combo);
      page = await context.newPage();
    });
    test.afterAll(async () => context.close());

    test('public screens: landing, sign-in, contact, tracking, invitation, reset, not found', async () => {
      const w = world!;
      const found: string[] = [];
      for (const [path, ready] of [
        ['/', 'landing-hub'],
        ['/login', undefined],
        ['/company-login', undefined],
        ['/contact', 'contact-page'],
        [`/track/${w.trackingCode}`, undefined],
        [w.invite, undefined],
        [w.reset, undefined],
        ['/no-such-page', 'not-found'],
      ] as const) {
        found.push(...(await visit(page, path, combo, ready)));
      }
      expect(found).toEqual([]);
    });

    test('admin: dashboard and each oversight tab', async () => {
      await signInAs(context, world!.admin, combo);
      expect([...(await visit(page, '/admin', combo, 'admin-stats')), ...(await tabs(page, 'oversight-tabs', '/admin', combo))]).toEqual([]);
    });

    test('admin: account and support tabs', async () => {
      await signInAs(context, world!.admin, combo);
      const found = [...(await visit(page, '/account', combo)), ...(await visit(page, '/support', combo, 'support-page')), ...(await tabs(page, 'support-tabs', '/support', combo))];
      expect(found).toEqual([]);
    });

    test('company: each of its tabs', async () => {
      await signInAs(context, { email: world!.company.manager.email }, combo);
      const found = [...(await visit(page, '/company', combo, 'company-stats')), ...(await tabs(page, 'company-tabs', '/company', combo))];
      expect(found).toEqual([]);
    });

    test('rider: dashboard and app', async () => {
      await signInAs(context, { email: world!.rider.email }, combo);
      const found = [...(await visit(page, '/rider', combo, 'rider-stats')), ...(await visit(page, '/app', combo, 'rider-stats'))];
      expect(found).toEqual([]);
    });
  });
}
