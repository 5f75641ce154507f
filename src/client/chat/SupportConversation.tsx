import { useCallback, type ReactNode } from 'react';
import { SUPPORT_HISTORY, type HistoryEntry } from '../../shared/schemas/ai';
import type { SessionUser } from '../../shared/schemas/auth';
import { useT } from '../i18n';
import { Icon } from '../ui/Icon';
import { aiApi } from './api';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { useChat } from './useChat';
import { useReportDownload } from './useReportDownload';

/** Per user, so a shared browser never shows one account's answers to the next. */
export const supportChatKey = (userId: string) => `kwt-support-chat-${userId}`;

/**
 * The support assistant's conversation (answers about the caller's own data, last 5 messages sent). One
 * conversation per user and browser session: the Support page's AI Chat Support tab and the floating chat of a
 * signed-in user both show it.
 */
export function useSupportChat(user: SessionUser) {
  const t = useT();
  const ask = useCallback(
    (message: string, conversationHistory: HistoryEntry[]) => aiApi.supportChat({ message, userId: user.id, userRole: user.role, conversationHistory }),
    [user.id, user.role],
  );
  return useChat({ storageKey: supportChatKey(user.id), historyLimit: SUPPORT_HISTORY, ask, failure: t('assistant.support.error') });
}

/** The support conversation's messages (with a download button when a reply made a report) and its composer. */
export function SupportConversation({ user, chat, footer }: { user: SessionUser; chat: ReturnType<typeof useSupportChat>; footer?: ReactNode }) {
  const t = useT();
  const download = useReportDownload();
  return (
    <>
      <MessageList
        entries={chat.entries}
        pending={chat.pending}
        greeting={t('support.chat.greeting', { name: user.firstName || user.email })}
        className="min-h-0 flex-1 p-4"
        action={(e) =>
          e.downloadUrl ? (
            <button
              type="button"
              className="btn btn-sm btn-primary mt-2 flex"
              disabled={download.isPending}
              onClick={() => download.mutate({ url: e.downloadUrl!, title: e.downloadTitle })}
              data-testid="chat-download"
            >
              <Icon name="download" className="size-4" /> {t('support.chat.download', { title: e.downloadTitle ?? t('downloads.report.title') })}
            </button>
          ) : null
        }
      />
      <div className="space-y-1 border-t border-base-300 p-3">
        <Composer onSend={chat.send} busy={chat.pending} label={t('support.chat.inputLabel')} />
        {footer}
      </div>
    </>
  );
}
