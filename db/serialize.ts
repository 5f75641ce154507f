import { AsyncLocalStorage } from 'node:async_hooks';
import type { Client, InStatement } from '@libsql/client';

/**
 * One writer at a time per process, for an embedded (file:) database.
 *
 * The embedded driver runs each statement synchronously, and SQLite's busy timeout waits inside that
 * call: while one request's write transaction is open (awaiting its next statement), a second
 * request's BEGIN IMMEDIATE or INSERT on another pooled connection blocks the whole event loop, so
 * the first can never finish; after the timeout the second fails with SQLITE_BUSY. Concurrent rider
 * writes (two cash submissions, a delivery and a hand-over) hit exactly this. So writes queue here,
 * in order, before they reach the driver: a transaction holds the turn until it commits or rolls
 * back; a single write statement holds it for that statement. Reads never wait (WAL lets them run
 * beside the writer).
 *
 * Re-entrant within one async context: code already holding the turn (inside a transaction) that
 * writes through the outer handle is not queued behind itself (it meets the busy timeout as before).
 */
/** A writer's turn: open until its transaction or statement settles; then the callbacks waiting for it run. */
interface Turn {
  open: boolean;
  after: (() => void)[];
}

/**
 * The turn of the current async context. Work started inside a turn (a queued microtask, a timer, a
 * promise chain) inherits the context; it counts as inside the turn only while the turn is open, so
 * a task that outlives the transaction queues like any other writer.
 */
const holding = new AsyncLocalStorage<Turn>();
const openTurn = () => {
  const turn = holding.getStore();
  return turn?.open ? turn : null;
};

/**
 * Runs `fn` once the current writer's turn has ended (committed or rolled back), outside that turn;
 * at once (in a microtask) when there is no open turn. For work that must see a transaction's rows and
 * write on its own, e.g. kicking the webhook dispatcher after a delivery is recorded.
 */
export function afterWrites(fn: () => void): void {
  const turn = openTurn();
  if (turn) turn.after.push(fn);
  else holding.exit(() => queueMicrotask(fn));
}

/** Writes begun and settled per client, counted by serializeWrites: a cache can tell that something was written. */
const writeCounts = new WeakMap<Client, { n: number }>();

/**
 * Moves when a write (statement, batch or transaction) of this process begins or settles, successful or
 * not; -1 for a client not set up by serializeWrites. Equal readings mean this process wrote nothing between them.
 */
export const writeCount = (client: Client): number => writeCounts.get(client)?.n ?? -1;

/**
 * With `queue: false` (a libSQL server, whose writes wait on the network and not in the event loop) writes are
 * only counted, not queued.
 */
export function serializeWrites<T extends { transaction: (...args: never[]) => Promise<unknown>; $client: Client }>(
  db: T,
  { queue = true }: { queue?: boolean } = {},
): T {
  const count = { n: 0 };
  writeCounts.set(db.$client, count);
  let tail: Promise<void> = Promise.resolve();
  const inTurn = <R>(fn: () => Promise<R>): Promise<R> => {
    if (!queue) {
      count.n++;
      return fn().finally(() => count.n++);
    }
    if (openTurn()) return fn();
    count.n++;
    const previous = tail;
    let done!: () => void;
    tail = new Promise<void>((resolve) => (done = resolve));
    const turn: Turn = { open: true, after: [] };
    return previous
      .then(() => holding.run(turn, fn))
      .finally(() => {
        count.n++;
        turn.open = false;
        done();
        for (const f of turn.after) holding.exit(() => queueMicrotask(f));
      });
  };

  const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  (db as { transaction: unknown }).transaction = (...args: unknown[]) => inTurn(() => transaction(...args));

  const client = db.$client;
  const execute = client.execute.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const batch = client.batch.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const executeMultiple = client.executeMultiple.bind(client);
  const sqlOf = (s: unknown) => (typeof s === 'string' ? s : ((s as { sql?: string } | null)?.sql ?? ''));
  const isRead = (s: unknown) => /^\s*(select|pragma|explain)\b/i.test(sqlOf(s));
  (client as { execute: unknown }).execute = (...args: unknown[]) => (isRead(args[0]) ? execute(...args) : inTurn(() => execute(...args)));
  (client as { batch: unknown }).batch = (...args: unknown[]) =>
    (args[0] as InStatement[]).every(isRead) ? batch(...args) : inTurn(() => batch(...args));
  (client as { executeMultiple: unknown }).executeMultiple = (sql: string) => inTurn(() => executeMultiple(sql));
  return db;
}
