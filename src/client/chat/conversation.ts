import type { ChatTable, HistoryEntry } from '../../shared/schemas/ai';

/** Spec section 3, Chat message: id, content, sender (user|ai), timestamp, type; plus a report link and the figures' table when the support assistant gave them. */
export interface ChatEntry {
  id: string;
  content: string;
  sender: 'user' | 'ai';
  timestamp: number;
  type: string;
  downloadUrl?: string;
  downloadTitle?: string;
  /** The support assistant's figures, shown under its answer. */
  table?: ChatTable;
}

let seq = 0;
export function entry(sender: ChatEntry['sender'], content: string, extra: Partial<ChatEntry> = {}): ChatEntry {
  return { id: `${Date.now().toString(36)}-${++seq}`, content, sender, timestamp: Date.now(), type: 'text', ...extra };
}

/** The last `limit` messages as the server's conversationHistory (role user/assistant, content). */
export function toHistory(entries: readonly ChatEntry[], limit: number): HistoryEntry[] {
  return entries.slice(-limit).map((e) => ({ role: e.sender === 'user' ? 'user' : 'assistant', content: e.content.slice(0, 8000) }));
}

/** A message worth sending: blank input is ignored (spec section 5). */
export function sendable(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed : null;
}

/** Enter sends; Shift+Enter (and Enter while an IME composes) makes a new line. */
export function isSendKey(e: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return e.key === 'Enter' && !e.shiftKey && !e.isComposing;
}

/** sessionStorage, tolerant of private mode and corrupt values: the conversation lives for the browser session. */
export const sessionStore = {
  read<T>(key: string, fallback: T): T {
    try {
      const raw = sessionStorage.getItem(key);
      return raw ? (JSON.parse(raw) as T) : fallback;
    } catch {
      return fallback;
    }
  },
  write(key: string, value: unknown): void {
    try {
      sessionStorage.setItem(key, JSON.stringify(value));
    } catch {
      /* storage full or blocked: the chat still works for this page */
    }
  },
};
