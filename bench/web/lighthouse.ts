/**
 * Lighthouse 13 (the npm package; its default mobile emulation and simulated throttling) on Debian's Chromium, as
 * RECIPES.md "Lighthouse 13.5.0" runs it. Each run gets a Chromium of its own with a fresh profile (cold cache),
 * started by us so that a signed-in page can be measured the way a browser holds a session: the session cookie is
 * put in the cookie jar over the DevTools protocol (a Cookie header in --extra-headers is dropped by Chromium as
 * soon as the page sets a cookie of its own, and the API then answers 401), and Lighthouse attaches with --port
 * and --disable-storage-reset. The report JSON is kept under .tmp/.
 */
import { chromium } from '@playwright/test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_PATH } from '../../tests/e2e/chromium';

export interface LhRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits that scored below 1 in the three categories (id: title), to know what to fix. */
  failing: string[];
}

/** What a signed-in visit starts with: cookies for the origin, and localStorage entries (a returning user's). */
export interface LhSession {
  cookies: { name: string; value: string }[];
  localStorage?: Record<string, string>;
}

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
/** The seeded rider works in Kuwait: the phone measured is in Kuwait's time zone, as theirs is (src/server/ssr). */
export const PHONE_TIME_ZONE = 'Asia/Kuwait';

function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = freePort();
  const profile = mkdtempSync(join(tmpdir(), 'kwt-lh-'));
  const proc = Bun.spawn([CHROMIUM_PATH, ...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', 'about:blank'], {
    stdout: 'ignore',
    stderr: 'ignore',
    env: { ...process.env, TZ: PHONE_TIME_ZONE },
  });
  const deadline = Date.now() + 20_000;
  while (!(await fetch(`http://127.0.0.1:${port}/json/version`).then((r) => r.ok, () => false))) {
    if (Date.now() > deadline) throw new Error('Chromium did not open its DevTools port');
    await Bun.sleep(100);
  }
  return {
    port,
    stop: async () => {
      proc.kill();
      await proc.exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function seed(port: number, origin: string, session: LhSession): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0]!;
  await context.addCookies(session.cookies.map((c) => ({ ...c, url: origin })));
  if (session.localStorage) {
    const page = await context.newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate((entries) => Object.entries(entries).forEach(([k, v]) => localStorage.setItem(k, v)), session.localStorage);
    await page.close();
  }
  await browser.close();
}

/** One Lighthouse run; a run that fails to record (NO_NAVSTART and the like, seen on a busy machine) is tried again, twice at most. */
export async function lighthouse(url: string, out: string, session?: LhSession): Promise<LhRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, out, session);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.error(`\n${(err as Error).message.split('\n')[0]} — trying again`);
    }
  }
}

async function lighthouseOnce(url: string, out: string, session?: LhSession): Promise<LhRun> {
  mkdirSync(join(out, '..'), { recursive: true });
  rmSync(out, { force: true });
  const chrome = await startChromium();
  try {
    if (session) await seed(chrome.port, new URL(url).origin, session);
    const args = ['node_modules/lighthouse/cli/index.js', url, `--port=${chrome.port}`, '--disable-storage-reset', '--output=json', `--output-path=${out}`, '--quiet'];
    args.push('--only-categories=performance,accessibility,best-practices');
    const run = Bun.spawnSync(['node', ...args], { stdout: 'ignore', stderr: 'pipe' });
    if (run.exitCode !== 0) throw new Error(`lighthouse ${url} failed: ${run.stderr.toString().slice(-800)}`);
  } finally {
    await chrome.stop();
  }
  const lhr = JSON.parse(readFileSync(out, 'utf8'));
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const failing: string[] = [];
  for (const id of ['performance', 'accessibility', 'best-practices']) {
    for (const ref of lhr.categories[id].auditRefs as { id: string; weight: number }[]) {
      const a = lhr.audits[ref.id];
      if (a && a.score !== null && a.score < 1 && (ref.weight > 0 || id !== 'performance')) failing.push(`${id}/${ref.id} (${a.score}): ${a.displayValue ?? a.title}`);
    }
  }
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    failing,
  };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
