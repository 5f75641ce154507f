/** One rider write as the app records it, before it has reached the server. */
export interface OutboxWrite {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: Record<string, unknown>;
  /**
   * Body fields filled in at send time from an earlier entry's answer, e.g. a
   * delivery's proofCaptureId from the photo upload queued just before it.
   */
  refs?: Record<string, { key: string; field: string }>;
  /** Keep this entry's answer so later entries can refer to it (see refs). */
  keepResult?: boolean;
  /** Replace a still-pending entry with the same tag (a newer snapshot makes the older one pointless). */
  coalesce?: string;
  /** What the app needs to show the write before the server has it; never sent. */
  meta?: Record<string, unknown>;
  /** A write of the background (location pings, performance figures): its outcome is kept only when flagged or refused. */
  background?: boolean;
}

export interface OutboxEntry extends OutboxWrite {
  /** crypto.randomUUID(): the Idempotency-Key of every attempt. */
  key: string;
  /** The signed-in user who recorded it; only their session replays it. */
  owner: string;
  createdAt: number;
  /** Strictly increasing: the replay order. */
  seq: number;
  attempts: number;
  lastError: string | null;
}

/** Where entries wait: IndexedDB in the browser, a Map in tests. */
export interface OutboxStore {
  /** Every entry, oldest first. */
  list(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  delete(key: string): Promise<void>;
  putResult(key: string, value: unknown, at: number): Promise<void>;
  getResult(key: string): Promise<unknown>;
  pruneResults(olderThan: number): Promise<void>;
  /** What became of each write that left the queue (issue 20), for the rider's outbox list. */
  putOutcome(record: OutcomeRecord): Promise<void>;
  /** Every kept outcome, oldest first. */
  listOutcomes(): Promise<OutcomeRecord[]>;
  /** Forget outcomes older than `olderThan`, and all but the newest `keep`. */
  pruneOutcomes(olderThan: number, keep: number): Promise<void>;
}

/** What the server said of a write it applied but flagged for the company (the reason in the rider's words). */
export interface ServerFlag {
  kind: string;
  outcome: 'applied' | 'refused';
  reason: string;
}

/** The outcome of one write as the rider's outbox list shows it, kept on the device for a few days. */
export interface OutcomeRecord {
  key: string;
  owner: string;
  method: OutboxWrite['method'];
  url: string;
  /** The write's own summary (meta.kind, the order, the status). */
  meta?: Record<string, unknown>;
  status?: string;
  createdAt: number;
  /** When the outcome was known. */
  at: number;
  state: 'sent' | 'flagged' | 'refused';
  /** Why it was flagged or refused, in the server's words. */
  reason: string | null;
}

export type Outcome =
  /** The server applied it (or had already applied this key); `flags` when the company is to review it. */
  | { kind: 'sent'; result: unknown; flags?: ServerFlag[] }
  /** Kept for a later replay: no network, a 5xx, 408 or 429, or an earlier entry is still waiting. */
  | { kind: 'queued'; error: string | null }
  /** The server refused it for good (4xx); it was removed. */
  | { kind: 'dropped'; status: number; message: string }
  /** The session has expired; kept until the rider signs in again. */
  | { kind: 'unauthorized' };

export type Verdict = 'ok' | 'retry' | 'drop' | 'auth';
