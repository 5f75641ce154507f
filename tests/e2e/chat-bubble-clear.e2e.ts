import { expect, request, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { addAdmin } from './db';
import { ACCOUNTS, PASSWORD, appMounted, freshCompany, freshRider, signIn, trpcGet, trpcPost, type Who } from './fixtures';

/**
 * Issue 21 item 7: on a phone (390x844), in English and Arabic, the closed chat bubble covers no interactive
 * element and no status badge of any screen, at the top of the page and after scrolling to its end.
 * One browser context per language; each test signs in as whom it needs in it.
 */
test.use({ serviceWorkers: 'block' });

const PHONE = { width: 390, height: 844 };
const LANGS = ['en', 'ar'] as const;
type Lang = (typeof LANGS)[number];

/** What a person can act on or read as a status: the brief's list, and daisyUI badges (every status is one). */
const TARGETS = 'button, a, input, select, textarea, [role=button], [tabindex], .badge';

interface Covered {
  at: 'top' | 'end';
  what: string;
}

/**
 * Everything of TARGETS whose visible box (its own box cut by every ancestor that clips it) meets the
 * closed bubble's box. The bubble itself, hidden elements and the header's drop-down menu are skipped.
 */
async function coveredByBubble(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const bubble = document.querySelector('[data-testid=chat-bubble]');
    if (!bubble) return [];
    const b = bubble.getBoundingClientRect();
    const visibleBox = (el: Element) => {
      let { left, top, right, bottom } = el.getBoundingClientRect();
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const r = p.getBoundingClientRect();
        if (s.overflowX !== 'visible') [left, right] = [Math.max(left, r.left), Math.min(right, r.right)];
        if (s.overflowY !== 'visible') [top, bottom] = [Math.max(top, r.top), Math.min(bottom, r.bottom)];
      }
      return { left, top, right, bottom };
    };
    return [...document.querySelectorAll(selector)]
      .filter((el) => el !== bubble && !bubble.contains(el) && el.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
      .filter((el) => {
        const r = visibleBox(el);
        return r.right > r.left && r.bottom > r.top && r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom;
      })
      .map((el) => `<${el.tagName.toLowerCase()}> "${(el.textContent?.trim() || el.getAttribute('aria-label') || el.className).slice(0, 40)}"`);
  }, TARGETS);
}

/** Waits until the scroll has been seen and the widget has stopped moving (no transition of its own running). */
async function settled(page: Page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect
    .poll(() =>
      page.evaluate(() => {
        const bubble = document.querySelector('[data-testid=chat-bubble]');
        return document.getAnimations().filter((a) => bubble?.contains((a.effect as KeyframeEffect | null)?.target ?? null)).length;
      }),
    )
    .toBe(0);
}

/** The page at its top and at its end: what lies under the bubble each time. */
async function check(page: Page, name: string, found: Map<string, Covered[]>, lang: Lang) {
  await appMounted(page);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  await expect(page.locator('.skeleton')).toHaveCount(0);
  await expect(page.getByTestId('chat-bubble').or(page.getByTestId('support-page'))).not.toHaveCount(0);
  const list: Covered[] = [];
  for (const at of ['top', 'end'] as const) {
    await page.evaluate((end) => window.scrollTo(0, end ? document.documentElement.scrollHeight : 0), at === 'end');
    await settled(page);
    for (const what of await coveredByBubble(page)) list.push({ at, what });
  }
  if (list.length) found.set(name, list);
}

/** An API session of a user, for making what the screens show. */
async function apiAs(who: Who): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const email = typeof who === 'string' ? ACCOUNTS[who].email : who.email;
  expect((await api.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return api;
}

/** A company whose rider has orders in three states, plus a tracking code, a rider invitation and a reset link. */
async function world() {
  const company = await freshCompany('kuwait');
  const rider = await freshRider(company);
  const manager = await apiAs(company.manager);
  const order = { customerName: 'Fatima Al-Ali', customerPhone: '+96550001234', pickupAddress: 'Warehouse 4, Shuwaikh', deliveryAddress: 'Block 10, Street 5, House 12', deliveryFee: 1.5, codAmount: 0, currency: 'KWD' };
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) ids.push((await trpcPost<{ order: { id: string } }>(manager, 'company.createOrder', order)).order.id);
  for (const id of ids.slice(0, 3)) await trpcPost(manager, 'company.assignOrder', { orderId: id, riderId: rider.id });
  await trpcPost(manager, 'company.setOrderStatus', { orderId: ids[0], status: 'picked_up' });
  const invitee = await trpcPost<{ rider: { id: string } }>(manager, 'company.addRider', {
    name: 'Yousef Invited',
    email: `invitee.${Date.now()}@e2e.example.com`,
    phone: '+96550123460',
    vehicleType: 'car',
    licenseNumber: 'KW-77',
    region: 'KWD',
  });
  const invite = await trpcPost<{ link: string }>(manager, 'company.inviteRider', { id: invitee.rider.id });
  await manager.dispose();
  const admin = await apiAs('admin');
  const { trackingCode } = await trpcGet<{ trackingCode: string }>(admin, 'admin.orderDetail', { id: ids[0] });
  const riderApi = await apiAs(rider);
  const me = (await (await riderApi.get('/api/auth/user')).json()) as { id: string };
  await riderApi.dispose();
  const reset = await trpcPost<{ link: string }>(admin, 'admin.issueResetLink', { userId: me.id });
  await admin.dispose();
  return { company, rider, trackingCode, invite: new URL(invite.link, 'http://localhost').pathname, reset: reset.link };
}

/** Signs in as `who`, in the context's language: an account's stored language wins over the browser's. */
async function signInAs(context: BrowserContext, who: Who, lang: Lang) {
  await signIn(context, who);
  const res = await context.request.post('/api/trpc/auth.setLocale', { data: { locale: lang } });
  expect(res.status()).toBe(200);
}

async function newPhone(browser: Browser, lang: Lang): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE, locale: lang === 'ar' ? 'ar-KW' : 'en-US' });
  await context.addInitScript((l) => {
    try {
      localStorage.setItem('kwt.locale', l);
    } catch {
      /* about:blank */
    }
  }, lang);
  return context;
}

const report = (found: Map<string, Covered[]>) => Object.fromEntries([...found].map(([k, v]) => [k, v.map((c) => `${c.at}: ${c.what}`)]));

for (const lang of LANGS) {
  test.describe(`the chat bubble covers nothing (${lang}, 390x844)`, () => {
    let context: BrowserContext;
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      context = await newPhone(browser, lang);
      page = await context.newPage();
    });
    test.afterAll(async () => context.close());

    test('public pages, the rider portal and the rider app', async () => {
      const w = await world();
      const found = new Map<string, Covered[]>();
      await context.clearCookies();
      for (const path of ['/', '/login', '/company-login', '/contact', `/track/${w.trackingCode}`, w.invite, w.reset, '/no-such-page']) {
        await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        await check(page, path, found, lang);
      }
      await signInAs(context, w.rider, lang);
      for (const path of ['/rider', '/app', '/account']) {
        await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        await check(page, path, found, lang);
      }
      expect(report(found)).toEqual({});
    });

    test('the company portal, every tab, and support', async () => {
      const w = await world();
      const found = new Map<string, Covered[]>();
      await signInAs(context, w.company.manager, lang);
      for (const tab of ['overview', 'fleet', 'orders', 'cash', 'compliance']) {
        await page.goto(`/company?tab=${tab}`);
        await expect(page.getByTestId('company-portal')).toBeVisible();
        await check(page, `/company?tab=${tab}`, found, lang);
      }
      for (const tab of ['chat', 'tickets', 'downloads']) {
        await page.goto(`/support?tab=${tab}`);
        await expect(page.getByTestId('support-page')).toBeVisible();
        await check(page, `/support?tab=${tab}`, found, lang);
        // One chat on the Support page: its own tab; the floating one is not there.
        await expect(page.getByTestId('chat-bubble')).toHaveCount(0);
      }
      expect(report(found)).toEqual({});
    });

    test('the admin portal, every tab, and the account page', async () => {
      const found = new Map<string, Covered[]>();
      const admin = { email: `admin.${Date.now()}@e2e.example.com` };
      await addAdmin(admin.email, 'Mona Al-Rashid');
      await signInAs(context, admin, lang);
      await page.goto('/admin');
      await expect(page.getByTestId('admin-portal')).toBeVisible();
      const tabs = page.getByTestId('oversight-tabs').getByRole('tab');
      await expect(tabs).toHaveCount(7);
      for (let i = 0; i < 7; i++) {
        await tabs.nth(i).click();
        await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
        await check(page, `/admin tab ${i + 1}`, found, lang);
      }
      await page.goto('/account');
      await expect(page.getByTestId('account-page')).toBeVisible();
      await check(page, '/account (admin)', found, lang);
      expect(report(found)).toEqual({});
    });
  });
}
