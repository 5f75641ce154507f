import type { SessionUser } from '../../shared/schemas/auth';
import type { ChatState } from './ChatWidget';
import { SalesChatPanel } from './SalesChatPanel';
import { SupportChatPanel } from './SupportChatPanel';

/** The opened chat: the support assistant for a signed-in user, the sales assistant for a visitor. */
export function ChatForUser({ user, state, setState }: { user: SessionUser | null; state: ChatState; setState: (s: ChatState) => void }) {
  return user ? <SupportChatPanel key={user.id} user={user} state={state} setState={setState} /> : <SalesChatPanel state={state} setState={setState} />;
}
