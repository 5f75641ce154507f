import { useCallback, useEffect, useRef, useState } from 'react';
import type { HistoryEntry } from '../../shared/schemas/ai';
import { entry, sendable, sessionStore, toHistory, type ChatEntry } from './conversation';

export type ChatReply = Pick<ChatEntry, 'content' | 'type' | 'downloadUrl' | 'downloadTitle' | 'table'>;

/** Kept for the browser session: enough for context and scroll-back, small enough for sessionStorage. */
const KEEP = 60;

export interface ChatOptions {
  /** sessionStorage key that carries the conversation across navigations; none keeps it in memory. */
  storageKey?: string;
  historyLimit: number;
  ask: (message: string, history: HistoryEntry[]) => Promise<ChatReply>;
  /** The local apology shown when the call itself fails (network down, server error). */
  failure: string;
}

/**
 * One conversation: the visitor widget and the Support page's AI chat both use it. A blank message is
 * ignored, one question is in flight at a time, and a failed call becomes an apology from the assistant.
 */
export function useChat({ storageKey, historyLimit, ask, failure }: ChatOptions) {
  const [entries, setEntries] = useState<ChatEntry[]>(() => (storageKey ? sessionStore.read<ChatEntry[]>(storageKey, []) : []));
  const [pending, setPending] = useState(false);
  const latest = useRef(entries);
  latest.current = entries;

  useEffect(() => {
    if (storageKey) sessionStore.write(storageKey, entries.slice(-KEEP));
  }, [storageKey, entries]);

  const send = useCallback(
    (text: string): boolean => {
      const message = sendable(text);
      if (!message || pending) return false;
      const history = toHistory(latest.current, historyLimit);
      setEntries((list) => [...list, entry('user', message)]);
      setPending(true);
      ask(message, history)
        .then((reply) => entry('ai', reply.content, { type: reply.type, downloadUrl: reply.downloadUrl, downloadTitle: reply.downloadTitle, table: reply.table }))
        .catch(() => entry('ai', failure, { type: 'error' }))
        .then((answer) => {
          setEntries((list) => [...list, answer]);
          setPending(false);
        });
      return true;
    },
    [ask, failure, historyLimit, pending],
  );

  return { entries, pending, send };
}
