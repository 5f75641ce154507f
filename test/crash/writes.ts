/**
 * Rider writes as a crash test drives them: each with its own Idempotency-Key and body, fixed when the
 * write is planned, so every retry (after a network error, after a restart) sends exactly the same
 * request. Writes run in lanes: a lane sends its writes one after another (an order's pick-up before its
 * delivery), many lanes at once. A network error is retried a few times; if the server stays away the
 * lane parks at that write, to go on from it (same key) once the server is back. An answer can also be
 * lost on purpose (the server answered, the phone never saw it), to be retried the same way.
 */
import { randomUUID } from 'node:crypto';
import type { CrashRider } from './fixtures';

export type WriteKind = 'ping' | 'cash' | 'status';

export interface Write {
  kind: WriteKind;
  rider: CrashRider;
  path: string;
  body: Record<string, unknown>;
  key: string;
  /** Every answer the server gave, in order (those lost on the way included). */
  answers: Sent[];
  /** The phone saw a 2xx answer. */
  acked: boolean;
  /** Sent at least once with no answer seen (a network error, or an answer lost on purpose). */
  lostAnswer: boolean;
  /** Attempts, answered or not. */
  attempts: number;
}

export interface Lane {
  writes: Write[];
  /** Index of the next write to send. */
  next: number;
}

const write = (kind: WriteKind, rider: CrashRider, path: string, body: Record<string, unknown>): Write => ({
  kind,
  rider,
  path,
  body,
  key: randomUUID(),
  answers: [],
  acked: false,
  lostAnswer: false,
  attempts: 0,
});

/** Ping i of a rider: a distinct phone time per ping, within the last hour. */
export const pingWrite = (rider: CrashRider, i: number, t0: number) =>
  write('ping', rider, `/api/riders/${rider.id}/location`, { lat: 29.3 + i / 10_000, lng: 47.9 + i / 10_000, accuracy: 8, recordedAt: t0 + i * 1000 });

export const cashWrite = (rider: CrashRider, amount: number) => write('cash', rider, `/api/riders/${rider.id}/cash/submit`, { amount });

/** An order picked up, then delivered. */
export const orderWrites = (rider: CrashRider, orderId: string, at: number) => [
  write('status', rider, `/api/rider/orders/${orderId}/status`, { status: 'picked_up', at }),
  write('status', rider, `/api/rider/orders/${orderId}/status`, { status: 'delivered', recipientName: 'Front desk', at: at + 60_000 }),
];

export interface Sent {
  status: number;
  body: unknown;
}

/** One attempt; null on a network error, or when `lose` (the answer is recorded, then dropped). */
export async function sendOnce(base: string, w: Write, lose = false): Promise<Sent | null> {
  w.attempts++;
  try {
    const res = await fetch(base + w.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `kwt_session=${w.rider.token}`, 'idempotency-key': w.key },
      body: JSON.stringify(w.body),
    });
    const sent = { status: res.status, body: await res.json() };
    w.answers.push(sent);
    if (!lose) return sent;
  } catch {
    // no answer: the server is gone, or went while this request was out
  }
  w.lostAnswer = true;
  return null;
}

export interface RunOptions {
  /** The server's address now (it changes after a restart). */
  base: () => string;
  /** Called after every acknowledged (2xx) write. */
  onAck?: (w: Write) => void;
  retries?: number;
  retryDelayMs?: number;
  /** Whether the answer to this write's first attempt is lost on the way back. */
  loseFirstAnswer?: (w: Write) => boolean;
}

/**
 * Runs every lane from where it stands until it is done or parked (the server gone for all retries).
 * A non-2xx answer fails the run: every write planned here is valid.
 */
export async function runLanes(lanes: Lane[], opts: RunOptions): Promise<void> {
  const retries = opts.retries ?? 3;
  const delay = opts.retryDelayMs ?? 30;
  await Promise.all(
    lanes.map(async (lane) => {
      while (lane.next < lane.writes.length) {
        const w = lane.writes[lane.next]!;
        let sent: Sent | null = null;
        for (let attempt = 0; attempt <= retries && !sent; attempt++) {
          if (attempt > 0) await Bun.sleep(delay);
          sent = await sendOnce(opts.base(), w, w.attempts === 0 && (opts.loseFirstAnswer?.(w) ?? false));
        }
        if (!sent) return;
        if (sent.status < 200 || sent.status >= 300) throw new Error(`${w.kind} ${w.path} ${JSON.stringify(w.body)}: ${sent.status} ${JSON.stringify(sent.body)}`);
        w.acked = true;
        lane.next++;
        opts.onAck?.(w);
      }
    }),
  );
}

export const allWrites = (lanes: Lane[]) => lanes.flatMap((l) => l.writes);
export const acknowledged = (lanes: Lane[]) => allWrites(lanes).filter((w) => w.acked);
