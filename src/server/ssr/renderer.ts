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

type Reply = { id: number; html?: string; unanswered?: string[]; error?: string } | { ready: true };

/**
 * `timeoutMs`: how long a page waits for its rendering. `maxWaiting`: renders queued at most (answered or not); past that a page goes
 * without one at once (a burst of riders opening the app: the worker renders one at a time, ~10 ms each).
 */
export function firstScreenRenderer({ timeoutMs = 500, maxWaiting = 16 }: { timeoutMs?: number; maxWaiting?: number } = {}): FirstScreenRenderer {
  let worker: Worker | null = null;
  let ready: Promise<void> = Promise.resolve();
  let nextId = 1;
  const waiting = new Map<number, (screen: RenderedScreen | null) => void>();
  /** Renders the worker has been asked for and not answered yet (a page that stopped waiting still has its render queued). */
  const queued = new Set<number>();

  const start = () => {
    const w = new Worker(new URL('../../../routes/-ssr/render-worker.tsx', import.meta.url).href);
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
      log.error('first screen renderer stopped', { error: event.message });
      for (const done of waiting.values()) done(null);
      waiting.clear();
      queued.clear();
      w.terminate();
      worker = null;
    };
    worker = w;
  };

  return {
    render(state, phone) {
      if (queued.size >= maxWaiting) return Promise.resolve(null);
      if (!worker) start();
      const w = worker!;
      const id = nextId++;
      queued.add(id);
      return new Promise<RenderedScreen | null>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve(null);
        }, timeoutMs);
        waiting.set(id, (screen) => {
          clearTimeout(timer);
          resolve(screen);
        });
        void ready.then(() => w.postMessage({ id, state, ...phone }));
      });
    },
    stop() {
      worker?.terminate();
      worker = null;
    },
  };
}
