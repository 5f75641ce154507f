import { Link } from '@tanstack/react-router';
import { VISITOR_HISTORY } from '../../shared/schemas/ai';
import { Composer } from '../chat/Composer';
import { MessageList } from '../chat/MessageList';
import { useChat } from '../chat/useChat';
import { askSales, VISITOR_STORAGE } from '../chat/visitor';
import { useT } from '../i18n';
import { ChatPanel } from './ChatPanel';
import type { ChatState } from './ChatWidget';

/** A visitor's chat (spec sections 2 and 4): the sales assistant, kept in sessionStorage across pages. */
export function SalesChatPanel({ state, setState }: { state: ChatState; setState: (s: ChatState) => void }) {
  const t = useT();
  const chat = useChat({ storageKey: VISITOR_STORAGE.messages, historyLimit: VISITOR_HISTORY, ask: askSales, failure: t('assistant.sales.error') });
  return (
    <ChatPanel state={state} setState={setState} title={t('chat.title')}>
      <MessageList entries={chat.entries} pending={chat.pending} greeting={t('chat.greeting')} className="min-h-0 flex-1 px-3 py-3" />
      <div className="space-y-2 border-t border-base-300 p-3">
        <Composer onSend={chat.send} busy={chat.pending} label={t('chat.inputLabel')} />
        <Link to="/contact" className="link link-hover block text-center text-xs text-base-content/70" onClick={() => setState('minimized')}>
          {t('home.contactDemo')}
        </Link>
      </div>
    </ChatPanel>
  );
}
