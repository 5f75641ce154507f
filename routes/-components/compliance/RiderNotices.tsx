import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useT } from '../../../src/client/i18n';
import { noticeParams } from '../../../src/client/notices/noticeParams';
import { riderNoticeText } from '../../../src/client/notices/riderNoticeText';
import { trpc } from '../../../src/client/trpc';
import { Icon } from '../../../src/client/ui/Icon';
import type { NoticeKind } from '../../../src/shared/compliance/types';
import { REGIONS } from '../../../src/shared/regions';
import { NOTICE_ICON } from './notice-icons';

const CASH_KINDS: readonly NoticeKind[] = ['cash_limit', 'cash_overdue'];
/** Every other kind (cash, hours, a paused sign-in) is a warning. */
const TONE: Partial<Record<NoticeKind, string>> = { document_expiring: 'alert-info', document_expired: 'alert-error' };

/**
 * Rider app (issue 9): while over the company's cash limit, why no new cash orders come and what to
 * do; below it the unread notices, each dismissed (marked read) with its button. The live cash state
 * stands for this day's cash notices, which are not listed again beside it; RulesBanner stands for
 * the hours warning.
 */
export function RiderNotices() {
  const t = useT();
  const locale = useLocale();
  const qc = useQueryClient();
  const { data: state } = useQuery(trpc.rider.cashLimit.queryOptions());
  const { data: notices } = useQuery(trpc.rider.notices.queryOptions({ unreadOnly: true }));
  const dismiss = useMutation(trpc.rider.markNoticeRead.mutationOptions({ onSettled: () => qc.invalidateQueries({ queryKey: trpc.rider.notices.queryKey() }) }));
  const region = REGIONS[state?.region ?? 'kuwait'];
  const over = state?.overLimit ? state : null;
  // The hours warning is shown live by RulesBanner (working rules), so it is not listed twice.
  const listed = (notices ?? []).filter((n) => n.kind !== 'hours_warning' && !(over && CASH_KINDS.includes(n.kind)));
  if (!over && listed.length === 0) return null;

  const p = over ? noticeParams({ amount: over.uncountedMinor, limit: over.limitMinor, currency: over.currency, since: over.since ?? '', hours: over.holdHours }, locale, region) : null;
  return (
    <section className="space-y-2" aria-label={t('notices.title')} data-testid="rider-notices">
      {over && p ? (
        <div role="alert" className="alert alert-error items-start" data-testid="rider-cash-limit" data-reason={over.reason}>
          <Icon name="cash" className="size-6 shrink-0" />
          <div className="space-y-1">
            <h3 className="font-bold">{t('reconcile.rider.blockedTitle')}</h3>
            {over.reasons.includes('amount') ? <p data-testid="rider-cash-limit-amount">{t('reconcile.rider.overLimit', { amount: p.amount!, limit: p.limit! })}</p> : null}
            {over.reasons.includes('overdue') ? <p data-testid="rider-cash-limit-overdue">{t('reconcile.rider.overdue', { since: p.since!, hours: p.hours! })}</p> : null}
            <p className="text-sm">{t('reconcile.rider.howTo')}</p>
          </div>
        </div>
      ) : null}
      {listed.map((n) => (
        <div key={n.id} role="status" className={`alert ${TONE[n.kind] ?? 'alert-warning'} items-start py-3`} data-testid="rider-notice" data-kind={n.kind}>
          <Icon name={NOTICE_ICON[n.kind]} className="size-5 shrink-0" />
          <p className="text-sm">{riderNoticeText(n, locale, region)}</p>
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square"
            aria-label={t('reconcile.rider.dismiss')}
            disabled={dismiss.isPending}
            onClick={() => dismiss.mutate({ id: n.id })}
            data-testid="rider-notice-dismiss"
          >
            <Icon name="close" className="size-4" />
          </button>
        </div>
      ))}
    </section>
  );
}
