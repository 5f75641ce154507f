import { useOnline, useOutbox } from '../../../src/client/outbox/hooks';
import type { OutboxEntry } from '../../../src/client/outbox';
import type { OutcomeRecord } from '../../../src/client/outbox/types';
import { dateLocale, dateTimeFormat } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { Icon } from '../../../src/client/ui/Icon';
import { Modal } from '../../../src/client/ui/Modal';
import type { MessageKey } from '../../../src/shared/i18n';
import { useRider } from './RiderContext';

type Write = Pick<OutboxEntry, 'meta' | 'createdAt'> & { status?: string };

/** 'Delivered', 'Break started'…: the write's kind, an order's by its status. */
function kindKey(w: Write): MessageKey {
  const kind = typeof w.meta?.kind === 'string' ? w.meta.kind : null;
  if (kind === 'order' && w.status) return `outbox.kind.order.${w.status}` as MessageKey;
  if (kind && kind !== 'order') return `outbox.kind.${kind}` as MessageKey;
  return typeof w.meta?.type === 'string' ? 'outbox.kind.capture' : 'outbox.kind.other';
}

const STATE: Record<OutcomeRecord['state'], { key: MessageKey; tone: string; icon: 'check' | 'alert' | 'close' }> = {
  sent: { key: 'outbox.list.sent', tone: 'badge-success', icon: 'check' },
  flagged: { key: 'outbox.list.flagged', tone: 'badge-warning', icon: 'alert' },
  refused: { key: 'outbox.list.refused', tone: 'badge-error', icon: 'close' },
};

/** One write: what it was, for which order, when recorded, and what became of it in plain words. */
function Row({ write, badge, tone, note, testState }: { write: Write; badge: string; tone: string; note: string | null; testState: string }) {
  const t = useT();
  const { orders } = useRider();
  const orderId = typeof write.meta?.orderId === 'string' ? write.meta.orderId : null;
  const customer = orderId ? orders?.find((o) => o.id === orderId)?.customerName : undefined;
  const time = dateTimeFormat(dateLocale(), { hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'short' }).format(write.createdAt);
  return (
    <li className="space-y-1 px-3 py-2.5" data-testid="outbox-record" data-state={testState}>
      <p className="font-medium">
        {t(kindKey(write))}
        {orderId ? <span className="ms-1.5 text-sm font-normal text-base-content/70">{customer ?? t('conflict.list.order', { ref: orderId.slice(-6).toUpperCase() })}</span> : null}
      </p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-base-content/60">
        <span className={`badge badge-soft badge-sm ${tone}`}>{badge}</span>
        <span>{t('outbox.list.recorded', { time })}</span>
      </p>
      {note ? (
        <p className="text-sm" dir="auto" data-testid="outbox-record-reason">
          {note}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The rider's outbox list (issue 20): what waits (with the last error), then what became of the last writes:
 * sent, sent but flagged for the company (why), refused (why). Its code loads on the page's first interaction
 * (OutboxList.tsx keeps the header's button).
 */
export function OutboxListDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const online = useOnline();
  const { pending, outcomes, replay } = useOutbox();
  return (
    <Modal open onClose={onClose} title={t('outbox.list.title')} testId="outbox-list">
      <div className="space-y-3">
        {pending.length > 0 ? (
          <button type="button" className="btn btn-warning btn-sm w-full" disabled={!online} onClick={() => void replay()}>
            <Icon name="sync" className="size-4" />
            {t('outbox.syncNow')}
          </button>
        ) : null}
        {pending.length === 0 && outcomes.length === 0 ? <p className="text-sm text-base-content/70">{t('outbox.list.empty')}</p> : null}
        <ul className="divide-y divide-base-300 rounded-box border border-base-300 empty:hidden">
          {pending.map((e) => (
            <Row
              key={e.key}
              write={{ meta: e.meta, createdAt: e.createdAt, status: typeof e.body?.status === 'string' ? e.body.status : undefined }}
              badge={t('outbox.list.waiting')}
              tone="badge-info"
              note={e.lastError ? t('outbox.list.lastError', { error: e.lastError }) : t('outbox.list.notTried')}
              testState="waiting"
            />
          ))}
          {outcomes.map((o) => (
            <Row key={o.key} write={o} badge={t(STATE[o.state].key)} tone={STATE[o.state].tone} note={o.reason} testState={o.state} />
          ))}
        </ul>
      </div>
    </Modal>
  );
}
