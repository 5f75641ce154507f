import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { VISITOR_HISTORY } from '../../shared/schemas/ai';
import { Composer } from '../chat/Composer';
import { MessageList } from '../chat/MessageList';
import { useChat } from '../chat/useChat';
import { askSales, VISITOR_STORAGE } from '../chat/visitor';
import { useT } from '../i18n';
import { Icon } from '../ui/Icon';
import type { ChatState } from './ChatWidget';

/**
 * The chat once the visitor has opened it (src/client/shell/ChatWidget.tsx loads it then): the conversation,
 * kept alive while the panel is closed again so a reply on its way is not lost.
 */
export function ChatPanel({ state, setState, bubble }: { state: ChatState; setState: (s: ChatState) => void; bubble: ReactNode }) {
  const t = useT();
  const chat = useChat({ storageKey: VISITOR_STORAGE.messages, historyLimit: VISITOR_HISTORY, ask: askSales, failure: t('assistant.sales.error') });
  if (state === 'closed') return bubble;
  const spacer = <div aria-hidden="true" className="h-20 shrink-0" />;
  const open = state === 'open';
  const frame = open
    ? 'inset-x-0 bottom-0 flex h-[min(85dvh,40rem)] flex-col rounded-t-box sm:inset-x-auto sm:bottom-5 sm:end-5 sm:h-[34rem] sm:w-96 sm:rounded-box'
    : 'bottom-4 end-4 w-80 max-w-[calc(100vw-2rem)] rounded-box sm:bottom-5 sm:end-5';
  return (
    <>
      {spacer}
      <section
        data-testid="chat-panel"
        aria-label={t('chat.title')}
        className={`fixed z-40 overflow-hidden border border-base-300 bg-base-100 shadow-2xl ${frame}`}
      >
        <header className="flex items-center gap-2 bg-primary px-4 py-3 text-primary-content">
          <Icon name="chat" className="size-5 shrink-0" />
          <p className="flex-1 truncate font-semibold">{t('chat.title')}</p>
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
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square text-primary-content"
            aria-label={t('chat.close')}
            onClick={() => setState('closed')}
          >
            <Icon name="close" className="size-4" />
          </button>
        </header>
        {open ? (
          <div className="flex min-h-0 flex-1 flex-col" data-testid="chat-body">
            <MessageList entries={chat.entries} pending={chat.pending} greeting={t('chat.greeting')} className="min-h-0 flex-1 px-3 py-3" />
            <div className="space-y-2 border-t border-base-300 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
              <Composer onSend={chat.send} busy={chat.pending} label={t('chat.inputLabel')} />
              <Link to="/contact" className="link link-hover block text-center text-xs text-base-content/70" onClick={() => setState('minimized')}>
                {t('home.contactDemo')}
              </Link>
            </div>
          </div>
        ) : null}
      </section>
    </>
  );
}
