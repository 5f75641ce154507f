import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { Badge } from '../../../src/client/ui/Badge';
import { Card } from '../../../src/client/ui/Card';
import type { MessageKey } from '../../../src/shared/i18n';
import { formatDateTime, REGIONS } from '../../../src/shared/regions';

/**
 * Records a rider's phone made offline that met a change here (issue 20): applied with a flag or not
 * applied, each with its reason in plain words; a manager checks one and marks it reviewed. Shown only
 * when there is something (or the reviewed ones are asked for).
 */
export function FlaggedRecords() {
  const t = useT();
  const qc = useQueryClient();
  const [all, setAll] = useState(false);
  const { data: profile } = useQuery(trpc.company.profile.queryOptions());
  const list = useQuery(trpc.company.flagged.queryOptions(all ? {} : { open: true }));
  const review = useMutation(
    trpc.company.markFlagReviewed.mutationOptions({
      onSuccess: () => void qc.invalidateQueries({ queryKey: trpc.company.flagged.queryKey() }),
      onError: (err) => toast({ title: err.message, variant: 'destructive' }),
    }),
  );
  const region = REGIONS[profile?.region ?? 'kuwait'];
  const when = (iso: string) => formatDateTime(new Date(iso), region);
  if (!all && !list.data?.length) return null;
  return (
    <Card
      title={t('conflict.list.title')}
      actions={
        <label className="label cursor-pointer gap-2 text-sm">
          <input type="checkbox" className="toggle toggle-sm" checked={all} onChange={(e) => setAll(e.target.checked)} />
          {t('conflict.list.showReviewed')}
        </label>
      }
    >
      <div data-testid="flagged-records" className="space-y-3">
        <p className="text-sm text-base-content/70">{t('conflict.list.hint')}</p>
        {list.data?.length === 0 ? <p className="text-sm">{t('conflict.list.empty')}</p> : null}
        <ul className="divide-y divide-base-300 rounded-box border border-base-300 empty:hidden">
          {list.data?.map((f) => (
            <li key={f.id} className="grid gap-1.5 px-3 py-3 sm:grid-cols-[1fr_auto] sm:gap-x-4" data-testid="flagged-record" data-kind={f.kind} data-outcome={f.outcome}>
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{f.riderName}</span>
                  <Badge tone={f.outcome === 'applied' ? 'warning' : 'error'}>{t(`conflict.outcome.${f.outcome}`)}</Badge>
                  <span className="text-sm text-base-content/70">{t(`conflict.kind.${f.kind}`)}</span>
                </p>
                <p className="text-sm">
                  <span className="font-medium">{t(actionKey(f.request.action))}</span>
                  {f.orderId ? <span className="ms-1.5 text-base-content/70">{t('conflict.list.order', { ref: f.orderId.slice(-6).toUpperCase() })}</span> : null}
                </p>
                <p className="text-sm" data-testid="flagged-reason">
                  {t(reasonKey(f.reasonKey), f.reasonParams)}
                </p>
                <p className="flex flex-wrap gap-x-3 text-xs text-base-content/60">
                  {f.recordedAt ? <span>{t('conflict.list.recordedAt', { time: when(f.recordedAt) })}</span> : null}
                  <span>{t('conflict.list.receivedAt', { time: when(f.serverAt) })}</span>
                  {f.reviewedAt ? <span>{t('conflict.list.reviewedAt', { time: when(f.reviewedAt) })}</span> : null}
                </p>
              </div>
              {f.reviewedAt ? null : (
                <button type="button" className="btn btn-sm self-center justify-self-start sm:justify-self-end" disabled={review.isPending} onClick={() => review.mutate({ id: f.id })} data-testid="flagged-review">
                  {t('conflict.list.markReviewed')}
                </button>
              )}
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

/**
 * The reason's catalog key, as the server stored it. Named here by its prefix so the build ships every reason's
 * text with this screen (scripts/vite-messages.ts registers the keys a module names).
 */
const REASONS = 'conflict.';
const reasonKey = (key: string): MessageKey => (key.startsWith(REASONS) ? key : `${REASONS}notFound`) as MessageKey;

/** 'order.delivered' → 'Delivered', 'duty.end' → 'Duty ended' (the rider's outbox list's words). */
const actionKey = (action: string): MessageKey => `outbox.kind.${action}` as MessageKey;
