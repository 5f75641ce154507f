import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { money } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { onOutboxSettled, outbox } from '../../../src/client/outbox';
import { useOutbox } from '../../../src/client/outbox/hooks';
import type { Currency } from '../../../src/shared/money';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { Badge } from '../../../src/client/ui/Badge';
import type { RouterOutputs } from '../../../src/server/trpc/root';
import { useNow } from '../app/useNow';
import { rememberCode, rememberFromAnswer, useFreshCode } from './codes';
import { dateTimeIn, resolutionKey, STATUS_TONE, statusKey, timeIn } from './labels';
import { isCashSubmit } from './submit';

type Handover = RouterOutputs['rider']['handovers'][number];

/** The QR encoder (uqr) loads with the first code to show, not with the rider app. */
const QrCode = lazy(() => import('./QrCode').then((m) => ({ default: m.QrCode })));

/** While a hand-over waits for the company's count, its status is asked for every few seconds. */
export const HANDOVER_POLL_MS = 4_000;

/**
 * The rider's hand-overs under Cash Management: each pending one with its QR code and one-time code
 * (big, left to right in Arabic too), its expiry and Cancel; then how the latest ones were counted.
 * Follows the company's count live (polling while one is pending). A submission still waiting on the phone
 * (offline) is shown too: its code comes from the server, so it says the code comes once the phone is back online.
 */
export function RiderHandovers({ currency }: { currency: Currency }) {
  const t = useT();
  const waiting = useOutbox();
  const queued = waiting.pending.filter((e) => isCashSubmit(e.url));
  const outcomes = waiting.outcomes;
  // Hand-overs the service worker sent while the app was closed: their codes come from the answers it kept.
  useEffect(() => {
    for (const o of outcomes) if (o.state !== 'refused' && isCashSubmit(o.url)) void outbox.result(o.key).then((answer) => rememberFromAnswer(answer, { unlessKnown: true }));
  }, [outcomes]);
  const qc = useQueryClient();
  const q = useQuery({
    ...trpc.rider.handovers.queryOptions(),
    refetchInterval: (query) => (query.state.data?.some((h) => h.status === 'pending') ? HANDOVER_POLL_MS : false),
  });
  const refresh = useCallback(() => {
    void qc.invalidateQueries({ queryKey: trpc.rider.pathKey() });
  }, [qc]);

  // A submission that waited in the outbox brings its code when it is finally sent.
  useEffect(
    () =>
      onOutboxSettled((entry, outcome) => {
        if (!isCashSubmit(entry.url)) return;
        if (outcome.kind === 'sent') rememberFromAnswer(outcome.result);
        void qc.invalidateQueries({ queryKey: trpc.rider.handovers.queryKey() });
      }),
    [qc],
  );

  // The company counted: tell the rider and refresh the balances. Running again on the same answer (a new
  // language) does nothing: every status it saw is already remembered.
  const seen = useRef(new Map<string, string>());
  useEffect(() => {
    if (!q.data) return;
    let changed = false;
    for (const h of q.data) {
      const before = seen.current.get(h.id);
      if (before === 'pending' && h.status !== 'pending') {
        changed = true;
        if (h.status === 'confirmed') toast({ title: t('handover.rider.confirmedToast', { amount: money(h.amount, h.currency) }), variant: 'success' });
        if (h.status === 'discrepancy') toast({ title: t('handover.rider.discrepancyToast'), description: differenceText(t, h), variant: 'destructive' });
      }
      seen.current.set(h.id, h.status);
    }
    if (changed) refresh();
  }, [q.data, refresh, t]);

  const list = q.data ?? [];
  const pending = list.filter((h) => h.status === 'pending');
  const recent = list.filter((h) => h.status !== 'pending').slice(0, 3);
  if (!list.length && !queued.length) return null;
  return (
    <div className="space-y-3" data-testid="rider-handovers">
      {queued.map((e) => (
        <p key={e.key} className="rounded-box border border-warning/50 bg-warning/5 p-3 text-sm" data-testid="handover-queued">
          {t('handover.rider.queued', { amount: money(Number(e.body?.amount ?? 0), currency) })}
        </p>
      ))}
      {pending.map((h) => (
        <PendingHandover key={h.id} h={h} onChanged={refresh} />
      ))}
      {recent.length ? (
        <div>
          <h3 className="mb-1 text-sm font-semibold text-base-content/70">{t('handover.rider.recent')}</h3>
          <ul className="divide-y divide-base-300 text-sm">
            {recent.map((h) => (
              <li key={h.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="handover-recent" data-status={h.status}>
                <span className="font-semibold tabular-nums">{money(h.amount, h.currency)}</span>
                <Badge tone={STATUS_TONE[h.status]} testId="handover-status">
                  {t(statusKey(h.status))}
                </Badge>
                <span className="text-base-content/70">{dateTimeIn(h.submittedAt, h.currency)}</span>
                {h.status === 'discrepancy' || h.status === 'resolved' ? (
                  <span className="basis-full text-base-content/80" data-testid="handover-difference">
                    {differenceText(t, h)}
                    {h.resolution ? ` · ${t(resolutionKey(h.resolution, (h.difference ?? 0) < 0))}` : ''}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export function differenceText(t: ReturnType<typeof useT>, h: Pick<Handover, 'amount' | 'counted' | 'difference' | 'currency'>): string {
  if (h.counted === null || h.difference === null) return '';
  const key = h.difference > 0 ? 'handover.difference.short' : 'handover.difference.over';
  return t(key, { counted: money(h.counted, h.currency), amount: money(h.amount, h.currency), difference: money(Math.abs(h.difference), h.currency) });
}

function PendingHandover({ h, onChanged }: { h: Handover; onChanged: () => void }) {
  const t = useT();
  const fresh = useFreshCode(h.id);
  const now = useNow(1_000, !!fresh);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const onError = (err: { message: string }) => toast({ title: t('error.generic'), description: err.message, variant: 'destructive' });
  const newCode = useMutation(trpc.rider.handoverCode.mutationOptions({ onSuccess: (r) => { rememberCode(r.id, r); onChanged(); }, onError }));
  const cancel = useMutation(trpc.rider.handoverCancel.mutationOptions({ onSuccess: () => { toast({ title: t('handover.rider.cancelled') }); onChanged(); }, onError }));
  const live = fresh && Date.parse(fresh.expiresAt) > now && !h.locked;
  return (
    <div className="space-y-3 rounded-box border border-warning/50 bg-warning/5 p-3" data-testid="handover-pending" data-id={h.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">{t(h.channel === 'bank_deposit' ? 'handover.rider.pendingBank' : 'handover.rider.pending', { amount: money(h.amount, h.currency) })}</p>
        <Badge tone="warning" testId="handover-status">
          {t('cashReview.status.pending')}
        </Badge>
      </div>
      {h.channel === 'bank_deposit' ? (
        <p className="text-sm text-base-content/70">{t('handover.rider.bankHint')}</p>
      ) : live ? (
        <div className="flex flex-col items-center gap-2 text-center">
          <Suspense fallback={<div className="size-52" />}>
            <QrCode text={fresh.qr} label={t('handover.rider.qrLabel')} testId="handover-qr" />
          </Suspense>
          <p className="text-sm text-base-content/70">{t('handover.rider.showCode')}</p>
          {/* Digits read left to right in Arabic too. */}
          <p dir="ltr" className="font-mono text-4xl font-bold tracking-[0.25em] tabular-nums" data-testid="handover-code" aria-label={t('handover.rider.codeLabel')}>
            {fresh.code}
          </p>
          <p className="text-xs text-base-content/70" data-testid="handover-expiry">
            {t('handover.rider.validUntil', { time: timeIn(fresh.expiresAt, h.currency) })}
          </p>
        </div>
      ) : (
        <div className="space-y-2 text-sm">
          <p className={h.locked ? 'text-error' : 'text-base-content/70'} role={h.locked ? 'alert' : undefined}>
            {t(h.locked ? 'handover.rider.locked' : fresh ? 'handover.rider.expired' : 'handover.rider.noCode')}
          </p>
          <button type="button" className="btn btn-primary btn-sm" disabled={newCode.isPending} onClick={() => newCode.mutate({ id: h.id })} data-testid="handover-new-code">
            {t(fresh || h.locked ? 'handover.rider.newCode' : 'handover.rider.showCodeButton')}
          </button>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {confirmCancel ? <span className="text-sm text-base-content/70">{t('handover.rider.cancelAsk')}</span> : null}
        {confirmCancel ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirmCancel(false)}>
            {t('handover.rider.keep')}
          </button>
        ) : null}
        <button
          type="button"
          className={`btn btn-sm ${confirmCancel ? 'btn-error' : 'btn-ghost text-error'}`}
          disabled={cancel.isPending}
          onClick={() => (confirmCancel ? cancel.mutate({ id: h.id }) : setConfirmCancel(true))}
          data-testid="handover-cancel"
        >
          {t(confirmCancel ? 'handover.rider.cancelYes' : 'handover.rider.cancel')}
        </button>
      </div>
    </div>
  );
}
