import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { asciiDigits, money } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { Modal } from '../../../src/client/ui/Modal';
import type { RouterOutputs } from '../../../src/server/trpc/root';
import type { Currency } from '../../../src/shared/money';
import { decimalsMessage, readAmount } from './amount';
import { accountKey, dateTimeIn, kindKey } from './labels';

type Ledger = RouterOutputs['company']['riderLedger'];

/** A signed amount: "+KWD 5.000" / "−KWD 5.000". */
const signed = (n: number, currency: Currency) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${money(Math.abs(n), currency)}`;

/**
 * One rider's cash ledger (company or admin): the balances derived from it, each journal with its time,
 * kind, amounts per account, who and why; and a correction of cash on hand with a required reason.
 */
export function LedgerDialog({ riderId, scope, onClose }: { riderId: string; scope: 'company' | 'admin'; onClose: () => void }) {
  const t = useT();
  const company = useQuery({ ...trpc.company.riderLedger.queryOptions({ riderId }), enabled: scope === 'company' });
  const admin = useQuery({ ...trpc.admin.cashRiderLedger.queryOptions({ riderId }), enabled: scope === 'admin' });
  const data: Ledger | undefined = scope === 'company' ? company.data : admin.data;
  return (
    <Modal open onClose={onClose} title={data ? t('handover.ledger.titleFor', { rider: data.rider.name }) : t('handover.ledger.title')} testId="rider-ledger">
      {!data ? (
        <div className="skeleton h-48 w-full" />
      ) : (
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {(['onHand', 'pending', 'discrepancy', 'outstanding'] as const).map((k) => (
              <div key={k} className="rounded-box bg-base-200 p-2">
                <dt className="text-xs text-base-content/70">{t(`handover.balance.${k}`)}</dt>
                <dd className="font-bold tabular-nums" data-testid={`ledger-${k}`}>
                  {money(data.balances[k], data.rider.currency)}
                </dd>
              </div>
            ))}
          </dl>
          <Correction riderId={riderId} currency={data.rider.currency} scope={scope} />
          {data.journals.length === 0 ? (
            <p className="py-4 text-center text-base-content/70">{t('handover.ledger.empty')}</p>
          ) : (
            <ol className="divide-y divide-base-300" data-testid="ledger-entries">
              {data.journals.map((j) => (
                <li key={j.journalId} className="space-y-1 py-2 text-sm" data-testid="ledger-entry" data-kind={j.kind}>
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-semibold">{t(kindKey(j.kind))}</span>
                    <span className="text-xs text-base-content/70">{dateTimeIn(j.at, j.currency)}</span>
                  </div>
                  <div className="flex flex-wrap gap-1">
                    {j.lines.map((l, i) => (
                      <span key={i} className={`badge badge-soft tabular-nums ${l.amount < 0 ? 'badge-neutral' : 'badge-primary'}`}>
                        {t(accountKey(l.account))} <bdi dir="ltr">{signed(l.amount, j.currency)}</bdi>
                      </span>
                    ))}
                  </div>
                  <p className="text-xs text-base-content/70">
                    {j.actorName ? t('handover.ledger.by', { name: j.actorName }) : t('handover.ledger.bySystem')}
                    {j.reason ? ` · ${j.reason}` : ''}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </Modal>
  );
}

function Correction({ riderId, currency, scope }: { riderId: string; currency: Currency; scope: 'company' | 'admin' }) {
  const t = useT();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [sign, setSign] = useState<1 | -1>(1);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const options = {
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: scope === 'company' ? trpc.company.pathKey() : trpc.admin.pathKey() });
      toast({ title: t('handover.correction.done'), variant: 'success' as const });
      setOpen(false);
      setAmount('');
      setReason('');
    },
    onError: (err: { message: string }) => setError(err.message),
  };
  const company = useMutation(trpc.company.cashCorrect.mutationOptions(options));
  const admin = useMutation(trpc.admin.cashCorrect.mutationOptions(options));
  const m = scope === 'company' ? company : admin;
  if (!open) {
    return (
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)} data-testid="ledger-correct">
        {t('handover.correction.open')}
      </button>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const typed = readAmount(amount, currency);
    if (typed.kind === 'decimals') return setError(decimalsMessage(t, currency));
    if (typed.kind !== 'ok' || typed.minor === 0) return setError(t('app.cash.invalid'));
    const value = typed.value;
    if (reason.trim().length < 3) return setError(t('handover.resolve.noteRequired'));
    m.mutate({ riderId, amount: sign * value, reason: reason.trim() });
  };
  return (
    <form className="space-y-3 rounded-box border border-base-300 p-3" onSubmit={submit} noValidate data-testid="correction-form">
      <p className="text-sm font-semibold">{t('handover.correction.title')}</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="join">
          <button type="button" className={`btn join-item btn-sm ${sign === 1 ? 'btn-primary' : 'btn-outline'}`} onClick={() => setSign(1)} aria-pressed={sign === 1}>
            {t('handover.correction.add')}
          </button>
          <button type="button" className={`btn join-item btn-sm ${sign === -1 ? 'btn-primary' : 'btn-outline'}`} onClick={() => setSign(-1)} aria-pressed={sign === -1} data-testid="correction-subtract">
            {t('handover.correction.subtract')}
          </button>
        </div>
        <label className="min-w-32 flex-1">
          <span className="mb-1 block text-xs">{t('app.cash.amount', { currency })}</span>
          <input className="input input-sm w-full tabular-nums" inputMode="decimal" dir="ltr" value={amount} onChange={(e) => { setAmount(asciiDigits(e.target.value)); setError(null); }} data-testid="correction-amount" />
        </label>
      </div>
      <label className="block">
        <span className="mb-1 block text-xs">{t('handover.correction.reason')}</span>
        <input className="input input-sm w-full" value={reason} onChange={(e) => { setReason(e.target.value); setError(null); }} data-testid="correction-reason" />
      </label>
      {error ? (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(false)}>
          {t('riderDash.cash.cancel')}
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={m.isPending} data-testid="correction-submit">
          {t('handover.correction.submit')}
        </button>
      </div>
    </form>
  );
}
