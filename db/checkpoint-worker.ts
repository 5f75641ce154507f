/**
 * The worker thread of db/checkpointer.ts: copies the WAL into the database file (a PASSIVE checkpoint:
 * it never waits for, nor blocks, the writer or the readers) every `intervalMs`, on a connection of its
 * own, so the fsyncs of a checkpoint happen here and not on the server's event loop.
 */
import Database from 'libsql';

declare const self: Worker;

self.onmessage = (event: MessageEvent<{ path: string; intervalMs: number }>) => {
  const { path, intervalMs } = event.data;
  const db = new Database(path, { timeout: 5000 });
  const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)').raw(true);
  let runs = 0;
  let pages = 0;
  setInterval(() => {
    try {
      const [, log, copied] = checkpoint.get() as [number, number, number];
      runs++;
      pages += Math.max(0, copied);
      if (runs % 60 === 0) postMessage({ runs, pages, log });
    } catch (err) {
      postMessage({ error: String(err) });
    }
  }, intervalMs);
};
