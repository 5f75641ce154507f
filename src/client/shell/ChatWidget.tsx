import { lazy, Suspense, useState } from 'react';
import { useT } from '../i18n';
import { Icon } from '../ui/Icon';

export type ChatState = 'closed' | 'open' | 'minimized';

const loadPanel = () => import('./ChatPanel');
const ChatPanel = lazy(() => loadPanel().then((m) => ({ default: m.ChatPanel })));

/**
 * The floating sales chat on every page (spec sections 2 and 4): closed bubble, then open, with a
 * minimise toggle. The conversation lives in sessionStorage, so it follows the visitor across pages.
 * On a phone the open panel is a full-width bottom sheet. Only the bubble is part of every page's first
 * download; the chat itself (ChatPanel.tsx, with the assistant's texts and the API) loads when it is opened,
 * or as soon as the pointer or the focus reaches the bubble.
 */
export function ChatWidget() {
  const t = useT();
  const [state, setState] = useState<ChatState>('closed');
  const [started, setStarted] = useState(false);
  const preload = () => void loadPanel().catch(() => undefined);
  // Room at the end of every page, so the bubble never sits on a page's last buttons.
  const bubble = (
    <>
      <div aria-hidden="true" className="h-20 shrink-0" />
      <button
        type="button"
        data-testid="chat-bubble"
        aria-label={t('chat.open')}
        onClick={() => {
          setStarted(true);
          setState('open');
        }}
        onPointerEnter={preload}
        onFocus={preload}
        className="btn btn-primary btn-circle fixed bottom-4 end-4 z-40 size-14 shadow-xl sm:bottom-5 sm:end-5"
      >
        <Icon name="chat" className="size-7" />
      </button>
    </>
  );
  if (!started) return bubble;
  return (
    <Suspense fallback={bubble}>
      <ChatPanel state={state} setState={setState} bubble={bubble} />
    </Suspense>
  );
}
