import { expect, request, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { REGIONS, type RegionId } from '../../src/shared/regions';
import { addManager, addRiderAccount } from './db';

/** The seeded demo accounts (db/seed.ts), all with the same password. */
export const PASSWORD = 'Demo1234!';
export const ACCOUNTS = {
  admin: { email: 'admin@kwtdelivery.com', firstName: 'Sara', role: 'Administrator', portal: '/admin' },
  fast: { email: 'manager@fastdelivery.com', firstName: 'Khalid', role: 'Company Manager', portal: '/company' },
  emirates: { email: 'manager@emiratesdelivery.ae', firstName: 'Aisha', role: 'Company Manager', portal: '/company' },
  rider: { email: 'rider@example.com', firstName: 'Rashid', role: 'Delivery Rider', portal: '/rider' },
  riderUae: { email: 'rider.uae@example.com', firstName: 'Bilal', role: 'Delivery Rider', portal: '/rider' },
} as const;
export type AccountKey = keyof typeof ACCOUNTS;
/** A demo account, or one a test made (freshCompany, freshRider): every one has the demo password. */
export type Who = AccountKey | { email: string };
const emailOf = (who: Who) => (typeof who === 'string' ? ACCOUNTS[who].email : who.email);

/** Signs in through the REST shim; the context's cookie jar is shared with its pages. */
export async function signIn(context: BrowserContext, who: Who): Promise<void> {
  const email = emailOf(who);
  const res = await context.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.status(), `login as ${email}`).toBe(200);
  // Onboarding counts as completed for this account in this context, so its modal (1 s after
  // sign-in) never covers what a test clicks. tests/e2e/tour-onboarding.e2e.ts signs in without it.
  await markOnboarded(context, ((await res.json()) as { user: OnboardedUser }).user);
}

type OnboardedUser = { id: string; role: 'admin' | 'company' | 'rider' };

/** A returning user in this context: onboarding done, so its modal (and its chunk) never shows. */
export async function markOnboarded(context: BrowserContext, user: OnboardedUser): Promise<void> {
  const { onboardingKey, serializeProgress } = await import('../../src/shared/onboarding');
  const seed = [onboardingKey(user.role, user.id), serializeProgress({ completed: [], setupComplete: true })] as const;
  await context.addInitScript(([key, value]) => {
    try {
      localStorage.setItem(key, value);
    } catch {
      /* about:blank has no storage */
    }
  }, seed);
}

/**
 * Waits until React has taken over from the pre-rendered first screen (an inert copy shown before the JavaScript
 * runs: scripts/vite-shell.ts). Needed before measuring elements (boundingBox, evaluate), which do not retry:
 * an element of the copy can be replaced between finding and measuring it.
 */
export async function appMounted(page: Page): Promise<void> {
  await expect(page.locator('#app > [inert]')).toHaveCount(0);
}

/** The single toast on screen: its exact title and, when given, its exact description. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveCount(1);
  await expect(toast.getByTestId('toast-title')).toHaveText(title);
  if (description !== undefined) await expect(toast.getByTestId('toast-description')).toHaveText(description);
}

/** Whether the browser session is signed out, asked of the server with the page's cookies. */
export async function expectSignedOut(context: BrowserContext): Promise<void> {
  const res = await context.request.get('/api/auth/user');
  expect(res.status()).toBe(401);
}

/**
 * An exact path-and-query matcher for toHaveURL. The router may percent-encode
 * the query (redirect=%2Fadmin); that is the same URL, so the query is compared decoded.
 */
export const exactPath = (pathAndQuery: string) => (url: URL) => url.pathname + decodeURIComponent(url.search) === pathAndQuery;

/** Holds matching requests until release() is called. */
export async function holdRequests(page: Page, url: string | RegExp) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let seen = 0;
  await page.route(url, async (route) => {
    seen++;
    await gate;
    await route.continue().catch(() => undefined);
  });
  return { release, seen: () => seen };
}

// ---- JSON over the API, from a browser context (its cookies) or an API context --------------

type Requester = BrowserContext | APIRequestContext;
const requestOf = (r: Requester): APIRequestContext => ('request' in r ? r.request : r);

export async function getJson<T>(r: Requester, path: string): Promise<T> {
  const res = await requestOf(r).get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

export async function trpcGet<T>(r: Requester, path: string, input?: unknown): Promise<T> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return (await getJson<{ result: { data: T } }>(r, `/api/trpc/${path}${query}`)).result.data;
}

export async function trpcPost<T>(r: Requester, path: string, input: unknown = {}): Promise<T> {
  const res = await requestOf(r).post(`/api/trpc/${path}`, { data: input });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

// ---- a world of its own for each test: company, manager, riders, cash -----------------------

export interface FreshCompany {
  id: string;
  name: string;
  region: RegionId;
  currency: 'KWD' | 'AED';
  manager: { email: string; name: string };
}
export interface FreshRider {
  id: string;
  name: string;
  email: string;
}

let made = 0;
/** Unique within the run: names and emails of what a test makes never meet another test's. */
const tag = () => `${Date.now().toString(36)}${(made++).toString(36)}`;
const PHONE: Record<RegionId, string> = { kuwait: '+96550001234', uae: '+971501234567' };

/** An API session of `who` for setting things up, closed after `fn`. */
async function as<T>(who: Who, fn: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    expect((await api.post('/api/auth/login', { data: { email: emailOf(who), password: PASSWORD } })).status(), `login as ${emailOf(who)}`).toBe(200);
    return await fn(api);
  } finally {
    await api.dispose();
  }
}

/** A new company, added by the admin, with its manager Noura Al-Sabah, under its region's default cash limits. */
export async function freshCompany(region: RegionId = 'kuwait'): Promise<FreshCompany> {
  const t = tag();
  const name = `E2E Company ${t}`;
  const { company } = await as('admin', (api) => trpcPost<{ company: { id: string } }>(api, 'admin.createCompany', { name, email: `company.${t}@e2e.example.com`, region }));
  const manager = { email: `manager.${t}@e2e.example.com`, name: 'Noura Al-Sabah' };
  await addManager(company.id, manager.email, manager.name);
  return { id: company.id, name, region, currency: REGIONS[region].currency, manager };
}

/** A rider of the company, added by its manager, with a sign-in account; in a car, which the summer midday rules never pause. */
export async function freshRider(company: FreshCompany): Promise<FreshRider> {
  const t = tag();
  const values = { name: `Rider ${t}`, email: `rider.${t}@e2e.example.com` };
  const { rider } = await as(company.manager, (api) =>
    trpcPost<{ rider: { id: string } }>(api, 'company.addRider', { ...values, phone: PHONE[company.region], vehicleType: 'car', licenseNumber: `E2E-${t}`, region: company.currency }),
  );
  await addRiderAccount({ id: rider.id, ...values });
  return { id: rider.id, ...values };
}

/** Cash on the rider's hand: one cash order per amount (in the company's currency), assigned and delivered by the manager. */
export async function giveCash(company: FreshCompany, rider: FreshRider, amounts: number[]): Promise<void> {
  await as(company.manager, async (api) => {
    for (const codAmount of amounts) {
      const order = { customerName: `Customer ${tag()}`, customerPhone: PHONE[company.region], pickupAddress: 'Warehouse 4, Shuwaikh', deliveryAddress: 'Block 10, Street 5, House 12' };
      const { order: created } = await trpcPost<{ order: { id: string } }>(api, 'company.createOrder', { ...order, deliveryFee: 0, codAmount, currency: company.currency });
      await trpcPost(api, 'company.assignOrder', { orderId: created.id, riderId: rider.id });
      for (const status of ['picked_up', 'delivered']) await trpcPost(api, 'company.setOrderStatus', { orderId: created.id, status });
    }
  });
}
