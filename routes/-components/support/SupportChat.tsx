import type { SessionUser } from '../../../src/shared/schemas/auth';
import { SupportConversation, useSupportChat } from '../../../src/client/chat/SupportConversation';
import { useT } from '../../../src/client/i18n';

/** AI Chat Support: the support assistant's conversation in a card (the floating chat is hidden on this page). */
export function SupportChat({ user }: { user: SessionUser }) {
  const t = useT();
  const chat = useSupportChat(user);
  return (
    <section
      className="card flex h-[max(20rem,calc(100dvh-24rem))] max-h-[44rem] flex-col overflow-hidden border border-base-300 bg-base-100 shadow-sm"
      data-testid="support-chat"
    >
      <SupportConversation user={user} chat={chat} footer={<p className="hidden text-xs text-base-content/70 sm:block">{t('support.chat.hint')}</p>} />
    </section>
  );
}
