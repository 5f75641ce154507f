import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useT } from '../i18n';
import { Icon } from '../ui/Icon';

type ChatState = 'closed' | 'open' | 'minimized';

/** The floating sales-chat bubble on every page: closed bubble, then open, with a minimise toggle. */
export function ChatWidget() {
  const t = useT();
  const [state, setState] = useState<ChatState>('closed');
  if (state === 'closed') {
    return (
      <button
        type="button"
        data-testid="chat-bubble"
        aria-label={t('chat.open')}
        onClick={() => setState('open')}
        className="btn btn-primary btn-circle btn-lg fixed bottom-5 end-5 z-40 shadow-xl"
      >
        <Icon name="chat" className="size-7" />
      </button>
    );
  }
  return (
    <section
      data-testid="chat-panel"
      aria-label={t('chat.title')}
      className="fixed bottom-5 end-5 z-40 w-[min(22rem,calc(100vw-2.5rem))] overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-2xl"
    >
      <header className="flex items-center gap-2 bg-primary px-4 py-3 text-primary-content">
        <p className="flex-1 font-semibold">{t('chat.title')}</p>
        <button
          type="button"
          className="btn btn-ghost btn-xs text-primary-content"
          aria-label={t('chat.minimize')}
          data-testid="chat-minimize"
          onClick={() => setState(state === 'open' ? 'minimized' : 'open')}
        >
          <Icon name={state === 'open' ? 'minus' : 'expand'} className="size-4" />
        </button>
        <button type="button" className="btn btn-ghost btn-xs text-primary-content" aria-label={t('chat.close')} onClick={() => setState('closed')}>
          <Icon name="close" className="size-4" />
        </button>
      </header>
      {state === 'open' ? (
        <div className="space-y-3 p-4" data-testid="chat-body">
          <div className="chat chat-start">
            <div className="chat-bubble chat-bubble-primary text-sm">{t('chat.greeting')}</div>
          </div>
          <Link to="/contact" className="btn btn-outline btn-sm w-full" onClick={() => setState('minimized')}>
            {t('home.contactDemo')}
          </Link>
        </div>
      ) : null}
    </section>
  );
}
