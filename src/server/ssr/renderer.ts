/**
 * Server rendering of the rider app's first screen on a worker thread (routes/-ssr/render-worker.tsx): React
 * and the app's components load there once, on the first page asked for, and never on the thread that answers
 * the API. A render that is not back within `timeoutMs` (the worker still starting, or busy) gives `null`: the
 * page then goes out without it, and the app renders in the browser as it always could.
 */
import type { Locale } from '../../shared/i18n';
import type { FirstScreenEntry } from '../../shared/rider-first-screen';
import { log } from '../log';

/** The screen's HTML, and the keys of the queries it asked for that the page carries no answer to. */
export interface RenderedScreen {
  html: string;
  unanswered: string[];
}

/** The phone the page is rendered for: its time zone and the language the app will start in. */
export interface RenderFor {
  timeZone: string;
  locale: Locale;
}

export interface FirstScreenRenderer {
  render(state: FirstScreenEntry[], phone: RenderFor): Promise<RenderedScreen | null>;
  stop(): void;
}

/** A worker that has not answered a render for this long is stopped; the next one starts this long after. */
const STUCK_MS = 10_000;
const RESTART_AFTER_MS = 30_000;

type Reply = { id: number; html?: string; unanswered?: string[]; error?: string } | { ready: true };

/**
 * `timeoutMs`: how long a page waits for its rendering. `maxWaiting`: renders queued at most (answered or not); past that a page goes
 * without one at once (a burst of riders opening the app: the worker renders one at a time, ~10 ms each).
 */
export function firstScreenRenderer({
  timeoutMs = 500,
  maxWaiting = 16,
  script = new URL('../../../routes/-ssr/render-worker.tsx', import.meta.url),
}: { timeoutMs?: number; maxWaiting?: number; script?: URL } = {}): FirstScreenRenderer {
  let worker: Worker | null = null;
  let ready: Promise<void> = Promise.resolve();
  let nextId = 1;
  const waiting = new Map<number, (screen: RenderedScreen | null) => void>();
  /** Renders the worker has been asked for and not answered yet, with when (a page that stopped waiting still has its render queued). */
  const queued = new Map<number, number>();
  /** After a worker died or hung, no new one before this time (ms since epoch). */
  let restartAfter = 0;

  const stopWorker = (why: string) => {
    log.error('first screen renderer stopped', { error: why });
    for (const done of waiting.values()) done(null);
    waiting.clear();
    queued.clear();
    const w = worker;
    worker = null;
    w?.terminate();
    restartAfter = Date.now() + RESTART_AFTER_MS;
  };

  const start = () => {
    const w = new Worker(script.href);
    (w as Worker & { unref(): void }).unref();
    ready = new Promise((resolve) => {
      w.onmessage = (event: MessageEvent<Reply>) => {
        const reply = event.data;
        if ('ready' in reply) return resolve();
        queued.delete(reply.id);
        const done = waiting.get(reply.id);
        waiting.delete(reply.id);
        if (reply.error) log.error('first screen render failed', { error: reply.error });
        done?.(reply.html === undefined ? null : { html: reply.html, unanswered: reply.unanswered ?? [] });
      };
    });
    w.onerror = (event) => {
      if (worker === w) stopWorker(event.message);
    };
    w.addEventListener('close', () => {
      if (worker === w) stopWorker('the worker exited');
    });
    worker = w;
  };

  return {
    render(state, phone) {
      if (queued.size >= maxWaiting) return Promise.resolve(null);
      if (!worker) {
        if (Date.now() < restartAfter) return Promise.resolve(null);
        start();
      }
      const w = worker!;
      const id = nextId++;
      queued.set(id, Date.now());
      return new Promise<RenderedScreen | null>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve(null);
          // A render asked for long ago and still not answered: the worker is stuck.
          const oldest = Math.min(...queued.values());
          if (worker === w && Date.now() - oldest > STUCK_MS) stopWorker(`no answer for ${STUCK_MS} ms`);
        }, timeoutMs);
        waiting.set(id, (screen) => {
          clearTimeout(timer);
          resolve(screen);
        });
        void ready.then(() => w.postMessage({ id, state, ...phone }));
      });
    },
    stop() {
      const w = worker;
      worker = null;
      w?.terminate();
    },
  };
}
