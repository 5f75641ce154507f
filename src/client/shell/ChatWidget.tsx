import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../i18n';
import { useSession } from '../session';
import { SHELL_ICONS } from '../ui/icons/shell';
import { SvgIcon } from '../ui/SvgIcon';
import { useRoomInView } from './useRoomInView';

export type ChatState = 'closed' | 'open' | 'minimized';

const load = () => import('./ChatForUser');
const ChatForUser = lazy(() => load().then((m) => ({ default: m.ChatForUser })));

/**
 * The floating chat on every page (spec sections 2 and 4): closed bubble, then open, with a minimise toggle.
 * Visitors get the sales assistant; a signed-in user the support assistant, the Support page's conversation
 * (that page shows it as a tab of its own, so the floating one is not there).
 *
 * The closed bubble never covers the page (chat-bubble.css): every page ends with room for it, and the bubble is
 * round only while that room is on screen under it (the end of a page, or all of a short one); anywhere else it
 * is tucked into a narrow tab on the end edge. Dialogs, the tour and the full-screen scanner lie above it.
 * Only this file is part of every page's first download; the chat loads when it is opened, or as soon as the
 * pointer or the focus reaches the bubble.
 */
export function ChatWidget() {
  const t = useT();
  const { user } = useSession();
  const onSupportPage = useRouterState({ select: (s) => s.location.pathname === '/support' });
  const [state, setState] = useState<ChatState>('closed');
  const [started, setStarted] = useState(false);
  const [room, roomInView] = useRoomInView();
  if (onSupportPage) return null;
  const preload = () => void load().catch(() => undefined);
  const bubble = (
    <button
      type="button"
      data-testid="chat-bubble"
      data-docked={roomInView}
      aria-label={t('chat.open')}
      onClick={() => {
        setStarted(true);
        setState('open');
      }}
      onPointerEnter={preload}
      onFocus={preload}
      className="btn btn-primary chat-fab"
    >
      <SvgIcon d={SHELL_ICONS.chat} />
    </button>
  );
  return (
    <>
      <div ref={room} aria-hidden="true" className="chat-room" />
      {state === 'closed' ? bubble : null}
      {started ? (
        <Suspense fallback={state === 'closed' ? null : bubble}>
          <ChatForUser user={user} state={state} setState={setState} />
        </Suspense>
      ) : null}
    </>
  );
}
