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
}

export type Outcome =
  /** The server applied it (or had already applied this key). */
  | { kind: 'sent'; result: unknown }
  /** Kept for a later replay: no network, a 5xx, 408 or 429, or an earlier entry is still waiting. */
  | { kind: 'queued'; error: string | null }
  /** The server refused it for good (4xx); it was removed. */
  | { kind: 'dropped'; status: number; message: string }
  /** The session has expired; kept until the rider signs in again. */
  | { kind: 'unauthorized' };

export type Verdict = 'ok' | 'retry' | 'drop' | 'auth';
