import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { VISITOR_HISTORY } from '../../shared/schemas/ai';
import { Composer } from '../chat/Composer';
import { MessageList } from '../chat/MessageList';
import { useChat } from '../chat/useChat';
import { askSales, VISITOR_STORAGE } from '../chat/visitor';
import { useT } from '../i18n';
import { Icon } from '../ui/Icon';

type ChatState = 'closed' | 'open' | 'minimized';

/**
 * The floating sales chat on every page (spec sections 2 and 4): closed bubble, then open, with a
 * minimise toggle. The conversation lives in sessionStorage, so it follows the visitor across pages.
 * On a phone the open panel is a full-width bottom sheet.
 */
export function ChatWidget() {
  const t = useT();
  const [state, setState] = useState<ChatState>('closed');
  const chat = useChat({ storageKey: VISITOR_STORAGE.messages, historyLimit: VISITOR_HISTORY, ask: askSales, failure: t('assistant.sales.error') });
  // Room at the end of every page, so the bubble never sits on a page's last buttons.
  const spacer = <div aria-hidden="true" className="h-20 shrink-0" />;
  if (state === 'closed') {
    return (
      <>
        {spacer}
        <button
          type="button"
          data-testid="chat-bubble"
          aria-label={t('chat.open')}
          onClick={() => setState('open')}
          className="btn btn-primary btn-circle fixed bottom-4 end-4 z-40 size-14 shadow-xl sm:bottom-5 sm:end-5"
        >
          <Icon name="chat" className="size-7" />
        </button>
      </>
    );
  }
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
