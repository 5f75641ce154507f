import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { Icon } from '../ui/Icon';
import type { ChatState } from './ChatWidget';

/**
 * The frame of the opened chat (spec: open, with a minimise toggle): a full-width bottom sheet on a phone, a
 * card at the bottom corner from `sm` up; closed, nothing (the widget shows its bubble). The caller keeps the
 * conversation's state (useChat) above this frame, so a reply on its way is not lost while it is minimised or closed.
 */
export function ChatPanel({ state, setState, title, children }: { state: ChatState; setState: (s: ChatState) => void; title: string; children: ReactNode }) {
  const t = useT();
  if (state === 'closed') return null;
  const open = state === 'open';
  const frame = open
    ? 'inset-x-0 bottom-0 flex h-[min(85dvh,40rem)] flex-col rounded-t-box pb-[env(safe-area-inset-bottom)] sm:inset-x-auto sm:bottom-5 sm:end-5 sm:h-[34rem] sm:w-96 sm:rounded-box sm:pb-0'
    : 'bottom-[calc(1rem+env(safe-area-inset-bottom))] end-4 w-80 max-w-[calc(100vw-2rem)] rounded-box sm:bottom-5 sm:end-5';
  return (
    <section
      data-testid="chat-panel"
      aria-label={title}
      className={`fixed z-40 overflow-hidden border border-base-300 bg-base-100 shadow-2xl ${frame}`}
    >
      <header className="flex items-center gap-2 bg-primary px-4 py-3 text-primary-content">
        <Icon name="chat" className="size-5 shrink-0" />
        <p className="flex-1 truncate font-semibold">{title}</p>
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square text-primary-content"
          aria-label={open ? t('chat.minimize') : t('chat.expand')}
          aria-expanded={open}
          data-testid="chat-minimize"
          onClick={() => setState(open ? 'minimized' : 'open')}
        >
          <Icon name={open ? 'minus' : 'expand'} className="size-4" />
        </button>
        <button type="button" className="btn btn-ghost btn-sm btn-square text-primary-content" aria-label={t('chat.close')} onClick={() => setState('closed')}>
          <Icon name="close" className="size-4" />
        </button>
      </header>
      {open ? (
        <div className="flex min-h-0 flex-1 flex-col" data-testid="chat-body">
          {children}
        </div>
      ) : null}
    </section>
  );
}
