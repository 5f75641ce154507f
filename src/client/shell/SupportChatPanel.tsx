import { Link } from '@tanstack/react-router';
import type { SessionUser } from '../../shared/schemas/auth';
import { SupportConversation, useSupportChat } from '../chat/SupportConversation';
import { useT } from '../i18n';
import { ChatPanel } from './ChatPanel';
import type { ChatState } from './ChatWidget';

/**
 * A signed-in user's chat: the support assistant, the same conversation as the Support page's AI Chat Support
 * tab (where this floating chat is hidden, so one chat shows at a time).
 */
export function SupportChatPanel({ user, state, setState }: { user: SessionUser; state: ChatState; setState: (s: ChatState) => void }) {
  const t = useT();
  const chat = useSupportChat(user);
  const footer = (
    <Link to="/support" className="link link-hover block text-center text-xs text-base-content/70" data-testid="chat-support-link" onClick={() => setState('closed')}>
      {t('chat.supportPage')}
    </Link>
  );
  return (
    <ChatPanel state={state} setState={setState} title={t('support.tab.chat')}>
      <SupportConversation user={user} chat={chat} footer={footer} />
    </ChatPanel>
  );
}
