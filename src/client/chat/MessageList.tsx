import { useEffect, useRef, type ReactNode } from 'react';
import { useT } from '../i18n';
import { AnswerTable } from './AnswerTable';
import type { ChatEntry } from './conversation';

/** The conversation, newest at the bottom, with a typing indicator while the assistant answers. */
export function MessageList({
  entries,
  pending,
  greeting,
  action,
  className = '',
}: {
  entries: readonly ChatEntry[];
  pending: boolean;
  greeting: string;
  /** Something to show under an assistant message, such as a report's download button. */
  action?: (e: ChatEntry) => ReactNode;
  className?: string;
}) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  // Scroll the list itself (never the page): to the bottom while the visitor waits, to the top of a new answer so it reads from its start.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const last = [...el.querySelectorAll<HTMLElement>('[data-entry]')].at(-1);
    const answer = !pending && last?.dataset.entry === 'ai';
    el.scrollTop = answer && last ? Math.max(0, last.offsetTop - 8) : el.scrollHeight;
  }, [entries.length, pending]);
  return (
    <div ref={box} className={`relative space-y-1 overflow-y-auto overscroll-contain ${className}`} role="log" aria-live="polite" data-testid="chat-messages">
      <Bubble sender="ai">{greeting}</Bubble>
      {entries.map((e) => (
        <Bubble key={e.id} sender={e.sender} error={e.type === 'error'} wide={Boolean(e.table)} entry>
          {e.content}
          {e.sender === 'ai' && e.table ? <AnswerTable table={e.table} /> : null}
          {e.sender === 'ai' && action ? action(e) : null}
        </Bubble>
      ))}
      {pending ? (
        <div className="chat chat-start" data-testid="chat-typing">
          <div className="chat-bubble bg-base-200 text-base-content">
            <span className="loading loading-dots loading-sm" aria-hidden="true" />
            <span className="sr-only">{t('chat.typing')}</span>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** `wide`: an answer with a table takes the whole width, so a phone shows more of its columns. */
function Bubble({ sender, error = false, entry = false, wide = false, children }: { sender: ChatEntry['sender']; error?: boolean; entry?: boolean; wide?: boolean; children: ReactNode }) {
  const tone = sender === 'user' ? 'chat-bubble-primary' : error ? 'border border-error/30 bg-error/10 text-base-content' : 'bg-base-200 text-base-content';
  return (
    <div className={`chat ${sender === 'user' ? 'chat-end' : 'chat-start'}`} data-testid={`chat-${sender}`} data-entry={entry ? sender : undefined}>
      <div className={`chat-bubble ${tone} whitespace-pre-wrap break-words text-sm ${wide ? 'max-w-full' : ''}`}>{children}</div>
    </div>
  );
}
