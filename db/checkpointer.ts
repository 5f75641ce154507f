/**
 * WAL checkpoints off the event loop, for a server that writes all the time (2,000 location pings a second).
 *
 * SQLite copies the WAL back into the database file every 1,000 pages by default, inside whichever commit
 * crosses the mark, with an fsync of the WAL before and of the database after: on this machine 5-30 ms
 * during which the embedded driver holds the only JavaScript thread, and every request waits. With
 * `backgroundCheckpoints`, createDb moves that work to a worker thread with its own connection, checkpointing
 * every `intervalMs`; the pooled connections keep an automatic checkpoint only as a backstop, at 10,000 pages
 * (40 MB of WAL), should the worker fall behind or die. Same library in the same process, so SQLite's own
 * locking coordinates the threads.
 */
export const BACKSTOP_PAGES = 10_000;

export interface Checkpointer {
  stop(): void;
}

export function startCheckpointer(path: string, intervalMs = 250): Checkpointer {
  const worker = new Worker(new URL('./checkpoint-worker.ts', import.meta.url).href);
  worker.onmessage = (event: MessageEvent<{ error?: string }>) => {
    if (event.data.error) console.error(`WAL checkpoint failed: ${event.data.error}`);
  };
  worker.postMessage({ path, intervalMs });
  // Never keeps the process alive on its own.
  (worker as Worker & { unref(): void }).unref();
  return { stop: () => worker.terminate() };
}
