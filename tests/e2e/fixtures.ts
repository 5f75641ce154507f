import { expect, type BrowserContext, type Page } from '@playwright/test';

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

/** Signs in through the REST shim; the context's cookie jar is shared with its pages. */
export async function signIn(context: BrowserContext, who: AccountKey): Promise<void> {
  const res = await context.request.post('/api/auth/login', { data: { email: ACCOUNTS[who].email, password: PASSWORD } });
  expect(res.status(), `login as ${who}`).toBe(200);
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

/** The single toast on screen: its exact title and, when given, its exact description. */
/**
 * Waits until React has taken over from the pre-rendered first screen (an inert copy shown before the JavaScript
 * runs: scripts/vite-shell.ts). Needed before measuring elements (boundingBox, evaluate), which do not retry:
 * an element of the copy can be replaced between finding and measuring it.
 */
export async function appMounted(page: Page): Promise<void> {
  await expect(page.locator('#app > [inert]')).toHaveCount(0);
}

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
