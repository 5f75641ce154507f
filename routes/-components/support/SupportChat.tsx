import { useCallback } from 'react';
import { SUPPORT_HISTORY, type HistoryEntry } from '../../../src/shared/schemas/ai';
import type { SessionUser } from '../../../src/shared/schemas/auth';
import { aiApi } from '../../../src/client/chat/api';
import { Composer } from '../../../src/client/chat/Composer';
import { MessageList } from '../../../src/client/chat/MessageList';
import { useChat } from '../../../src/client/chat/useChat';
import { useT } from '../../../src/client/i18n';
import { Icon } from '../../../src/client/ui/Icon';
import { useReportDownload } from './useReportDownload';

/** AI Chat Support: answers about the caller's own data (last 5 messages sent), with a download button when it made a report. */
export function SupportChat({ user }: { user: SessionUser }) {
  const t = useT();
  const download = useReportDownload();
  const ask = useCallback(
    (message: string, conversationHistory: HistoryEntry[]) => aiApi.supportChat({ message, userId: user.id, userRole: user.role, conversationHistory }),
    [user.id, user.role],
  );
  // Per user, so a shared browser never shows one account's answers to the next.
  const chat = useChat({ storageKey: `kwt-support-chat-${user.id}`, historyLimit: SUPPORT_HISTORY, ask, failure: t('assistant.support.error') });
  return (
    <section
      className="card flex h-[max(20rem,calc(100dvh-24rem))] max-h-[44rem] flex-col overflow-hidden border border-base-300 bg-base-100 shadow-sm"
      data-testid="support-chat"
    >
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
        <p className="hidden text-xs text-base-content/70 sm:block">{t('support.chat.hint')}</p>
      </div>
    </section>
  );
}
