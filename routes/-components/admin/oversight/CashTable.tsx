import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { money, relativeTime } from '../../../../src/client/format';
import { useT } from '../../../../src/client/i18n';
import { trpc } from '../../../../src/client/trpc';
import { Badge } from '../../../../src/client/ui/Badge';
import { STATUS_TONE, statusKey } from '../../cash/labels';
import { LedgerDialog } from '../../cash/LedgerDialog';
import { ResolveDialog } from '../../cash/ResolveDialog';
import { differenceText } from '../../cash/RiderHandovers';
import { useSaveFeedback } from './useSaveFeedback';

type Row = NonNullable<ReturnType<typeof useCashList>['data']>[number];
const useCashList = () => useQuery(trpc.admin.cashList.queryOptions({}));

/**
 * Cash hand-overs across companies, pending first: the amount handed over beside what the scanned slip
 * says, what the company counted and any difference; Confirm / Dispute for a pending one, Resolve for a
 * difference, and the rider's ledger (with corrections).
 */
export function CashTable() {
  const t = useT();
  const { data, isPending } = useCashList();
  const review = useMutation(trpc.admin.cashReview.mutationOptions(useSaveFeedback()));
  const [resolving, setResolving] = useState<Row | null>(null);
  const [ledgerOf, setLedgerOf] = useState<string | null>(null);
  if (isPending) return <div className="skeleton h-64 w-full" />;
  if (!data?.length) return <p className="py-8 text-center text-base-content/70">{t('cashReview.empty')}</p>;
  return (
    <>
      <ul className="grid gap-2 lg:grid-cols-2" data-testid="cash-table">
        {data.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3" data-testid="cash-row" data-status={s.status}>
            <div className="min-w-0 grow space-y-1">
              <p className="font-semibold">
                {s.riderName} <span className="text-sm font-normal text-base-content/70">· {s.companyName}</span>
              </p>
              <p className="text-lg font-bold tabular-nums" data-testid="cash-amount">
                {money(s.amount, s.currency)}
              </p>
              <p className="text-sm text-base-content/70" data-testid="cash-slip">
                {s.slip ? t('riderDash.cash.slip', { amount: money(s.slip.amount, s.slip.currency) }) : s.slipCaptureId ? t('cashReview.slipUnread') : t('cashReview.noSlip')}
                {s.slip && s.slipCorrected ? ` · ${t('cashReview.slipCorrected')}` : ''}
              </p>
              {s.counted !== null ? (
                <p className={`text-sm ${s.status === 'discrepancy' ? 'text-error' : 'text-base-content/70'}`} data-testid="cash-counted">
                  {s.difference ? differenceText(t, s) : t('handover.admin.counted', { counted: money(s.counted, s.currency), name: s.receivedByName ?? '' })}
                </p>
              ) : null}
              <p className="text-xs text-base-content/70">
                {relativeTime(s.submittedAt)}
                {s.channel === 'bank_deposit' ? ` · ${t('handover.channel.bank_deposit')}` : ''}
              </p>
            </div>
            <div className="flex flex-col items-end gap-2">
              <Badge tone={STATUS_TONE[s.status]}>{t(statusKey(s.status))}</Badge>
              {s.slip ? (
                <Badge tone={s.slip.mismatch ? 'error' : 'success'} testId="cash-slip-check">
                  {s.slip.mismatch ? t('cashReview.mismatch') : t('cashReview.matches')}
                </Badge>
              ) : null}
              {s.status === 'pending' ? (
                <div className="flex gap-1">
                  <button type="button" className="btn btn-outline btn-error btn-xs" disabled={review.isPending} onClick={() => review.mutate({ id: s.id, status: 'disputed' })}>
                    {t('cashReview.dispute')}
                  </button>
                  <button type="button" className="btn btn-primary btn-xs" disabled={review.isPending} onClick={() => review.mutate({ id: s.id, status: 'confirmed' })} data-testid="cash-confirm-row">
                    {t('cashReview.confirm')}
                  </button>
                </div>
              ) : null}
              <div className="flex gap-1">
                {s.status === 'discrepancy' ? (
                  <button type="button" className="btn btn-outline btn-xs" onClick={() => setResolving(s)} data-testid="cash-resolve-row">
                    {t('handover.inbox.resolve')}
                  </button>
                ) : null}
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => setLedgerOf(s.riderId)} data-testid="cash-ledger-row">
                  {t('handover.ledger.open')}
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {resolving ? <ResolveDialog h={resolving} scope="admin" onClose={() => setResolving(null)} /> : null}
      {ledgerOf ? <LedgerDialog riderId={ledgerOf} scope="admin" onClose={() => setLedgerOf(null)} /> : null}
    </>
  );
}
