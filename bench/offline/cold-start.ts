/**
 * One cold offline start: the browser process launched on a primed profile (nothing of the app in memory, the
 * service worker not running), the network off and the CPU slowed 4× (DevTools' Emulation.setCPUThrottlingRate on
 * the page) before the navigation; the time is the page's own clock (performance.now(), from the navigation's
 * start) at the first frame after the rider's screen shows the rider's data.
 */
import type { BrowserContext, CDPSession } from '@playwright/test';
import { writeFileSync } from 'node:fs';

export interface ScreenMarker {
  /** Text the portal header must contain (the rider's name). */
  header: string;
  /** A selector of which one element must contain `text` (an order card and its address, the cash figure). */
  selector: string;
  text: string[];
}

export interface ColdStart {
  /** The first frame after the rider's data was in the DOM (ms from navigation start). */
  shownMs: number;
  /** The DOM mutation that completed the rider's screen. */
  domMs: number;
  /** Navigation timing: the worker started, the document came back, DOMContentLoaded. */
  workerStartMs: number;
  responseEndMs: number;
  dclMs: number;
  /** Wall clock around page.goto → marker, from the bench's side. */
  wallMs: number;
}

interface Marks {
  dom?: number;
  shown?: number;
  /** Called once the screen is shown (set by the bench's one wait; no polling in the page). */
  done?: () => void;
}

/** Installed before any script of the page: watches the DOM for the rider's screen. */
function watchForScreen(m: ScreenMarker) {
  const w = window as unknown as { __kwtScreen: Marks };
  w.__kwtScreen = {};
  const check = () => {
    if (w.__kwtScreen.dom !== undefined) return;
    // The server's pre-rendered copy (inert) is not the app yet.
    if (document.querySelector('#app > [inert]')) return;
    const header = document.querySelector('[data-testid="portal-header"]');
    if (!header?.textContent?.includes(m.header)) return;
    const hit = [...document.querySelectorAll(m.selector)].some((el) => m.text.every((t) => el.textContent?.includes(t)));
    if (!hit) return;
    w.__kwtScreen.dom = performance.now();
    observer.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => {
        w.__kwtScreen.shown = performance.now();
        w.__kwtScreen.done?.();
      }, 0),
    );
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

export async function coldOfflineStart(context: BrowserContext, path: string, marker: ScreenMarker, cpuRate = 4, traceFile?: string): Promise<ColdStart> {
  const page = context.pages()[0] ?? (await context.newPage());
  await context.setOffline(true);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  const trace = traceFile ? await startTrace(cdp) : null;
  await page.addInitScript(watchForScreen, marker);
  const started = Date.now();
  await page.goto(path, { waitUntil: 'commit' });
  const shown = page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const marks = (window as unknown as { __kwtScreen: Marks }).__kwtScreen;
        if (marks.shown !== undefined) resolve();
        else marks.done = resolve;
      }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${path} never showed the rider's screen`)), 30_000)));
  try {
    await Promise.race([shown, timeout]);
  } catch (e) {
    await page.screenshot({ path: `.tmp/bench-offline-${path.slice(1)}-failed.png` });
    throw e;
  } finally {
    clearTimeout(timer);
  }
  const wallMs = Date.now() - started;
  const r = await page.evaluate(() => {
    const marks = (window as unknown as { __kwtScreen: Marks }).__kwtScreen;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { shownMs: marks.shown!, domMs: marks.dom!, workerStartMs: nav.workerStart, responseEndMs: nav.responseEnd, dclMs: nav.domContentLoadedEventEnd, url: location.pathname };
  });
  if (r.url !== path) throw new Error(`ended on ${r.url}, not ${path}`);
  if (trace && traceFile) writeFileSync(traceFile, JSON.stringify({ traceEvents: await trace() }));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return { shownMs: r.shownMs, domMs: r.domMs, workerStartMs: r.workerStartMs, responseEndMs: r.responseEndMs, dclMs: r.dclMs, wallMs };
}

/** A DevTools performance trace of the page (what the Performance panel records); the stop returns its events. */
async function startTrace(cdp: CDPSession): Promise<() => Promise<unknown[]>> {
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown[])));
  const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading', 'disabled-by-default-v8.cpu_profiler'];
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: categories }, transferMode: 'ReportEvents' });
  return async () => {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await complete;
    return events;
  };
}
