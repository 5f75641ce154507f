/**
 * A phone's browser profile for the offline bench: Debian's Chromium with a persistent user-data directory, so the
 * service worker, IndexedDB, Cache Storage and the cookies outlive the browser process (as tests/e2e/rider-offline-start.e2e.ts
 * keeps them). Closing the context ends the browser process: the next launch is a cold start.
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/chromium';
import { SESSION_COOKIE } from '../../src/server/http/cookies';
import { onboardingKey, serializeProgress } from '../../src/shared/onboarding';
import { PASSWORD } from './world';
import { keptCache } from '../../tests/e2e/kept-cache';

export const PHONE_VIEWPORT = { width: 390, height: 844 };

export interface Phone {
  dir: string;
  base: string;
  launch: () => Promise<BrowserContext>;
  dispose: () => void;
}

export function newPhone(base: string, extraArgs: string[] = []): Phone {
  const dir = mkdtempSync(join(tmpdir(), 'kwt-bench-phone-'));
  return {
    dir,
    base,
    launch: () =>
      chromium.launchPersistentContext(dir, {
        executablePath: CHROMIUM_PATH,
        args: [...CHROMIUM_ARGS, ...extraArgs],
        baseURL: base,
        serviceWorkers: 'allow',
        viewport: PHONE_VIEWPORT,
        timezoneId: 'Asia/Kuwait',
      }),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Signs the rider in through the REST shim (the context's cookie jar is the profile's) and marks onboarding done. */
export async function signInRider(context: BrowserContext, base: string, email: string): Promise<void> {
  const res = await context.request.post('/api/auth/login', { data: { email, password: PASSWORD }, headers: { origin: base } });
  if (res.status() !== 200) throw new Error(`login answered ${res.status()}`);
  if (!(await context.cookies()).some((c) => c.name === SESSION_COOKIE)) throw new Error('no session cookie');
  const { user } = (await res.json()) as { user: { id: string; role: 'rider' } };
  // Kept in the profile's localStorage, so it holds for every later launch.
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/robots.txt');
  await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [onboardingKey(user.role, user.id), serializeProgress({ completed: [], setupComplete: true })]);
}


async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * /app online until it is ready for an offline start: the service worker active and controlling the page, the
 * persisted cache written with the orders and /rider's answers (the app asks for those a moment after its first paint).
 */
export async function primeOnline(context: BrowserContext, mustKeep: string[]): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/app');
  await page.getByTestId('my-order').first().waitFor({ timeout: 30_000 });
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  // A first visit is not controlled until the worker claims it; a reload is, as any later start is.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await until('the service worker to control the page', () => page.evaluate(() => navigator.serviceWorker.controller !== null));
  await until('the persisted cache', async () => {
    const kept = await keptCache(page);
    return [...mustKeep, '"tracking","today"'].every((s) => kept.includes(s));
  });
  return page;
}
