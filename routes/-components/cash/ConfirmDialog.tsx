import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { asciiDigits, money } from '../../../src/client/format';
import { serverFieldError, type FieldErrors } from '../../../src/client/forms';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { FieldError } from '../../../src/client/ui/FieldError';
import { Icon } from '../../../src/client/ui/Icon';
import { Modal } from '../../../src/client/ui/Modal';
import type { RouterOutputs } from '../../../src/server/trpc/root';
import { fromMinor, MINOR_DIGITS, toMinor } from '../../../src/shared/money';
import { decimalsMessage, readAmount } from './amount';
import { differenceText } from './RiderHandovers';
import { dateTimeIn } from './labels';

export type CompanyHandover = RouterOutputs['company']['handovers'][number];

/**
 * Confirm receipt: the rider's one-time code (typed, or read from the QR code, which can be swapped for
 * typing when it is refused; a bank deposit has its slip instead) and the amount counted, prefilled with
 * what was handed over. A count that differs is asked for a second time, showing the difference, before
 * it is posted: the cash ledger is append-only, so a wrong count could only be corrected afterwards.
 */
export function ConfirmDialog({ h, qrCode, onClose }: { h: CompanyHandover; qrCode: string | null; onClose: () => void }) {
  const t = useT();
  const qc = useQueryClient();
  const digits = MINOR_DIGITS[h.currency];
  const [code, setCode] = useState('');
  const [counted, setCounted] = useState(h.amount.toFixed(digits));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [typing, setTyping] = useState(!qrCode);
  /** The differing count waiting for its second confirmation (minor units). */
  const [checking, setChecking] = useState<number | null>(null);
  const bank = h.channel === 'bank_deposit';
  const method = bank ? ('slip' as const) : typing ? ('code' as const) : ('qr' as const);
  const confirm = useMutation(
    trpc.company.handoverConfirm.mutationOptions({
      onSuccess: (r) => {
        void qc.invalidateQueries({ queryKey: trpc.company.pathKey() });
        if (r.status === 'confirmed') toast({ title: t('handover.company.confirmedToast', { amount: money(r.counted, r.currency), rider: h.riderName }), variant: 'success' });
        else toast({ title: t('handover.company.discrepancyToast'), description: differenceText(t, { amount: h.amount, counted: r.counted, difference: r.difference, currency: r.currency }), variant: 'destructive' });
        onClose();
      },
      onError: (err) => {
        setChecking(null);
        // A wrong or locked code is the code field's; anything else is the form's.
        const fields = serverFieldError(err);
        setErrors(fields?.code || fields?.counted ? fields : { _: err.message });
      },
    }),
  );
  const typed = readAmount(counted, h.currency);
  // The wire's amount is a major-unit number (docs/architecture.md "Money on the wire"); compared in minor units.
  const amountMinor = toMinor(h.amount, h.currency);
  const differs = typed.kind === 'ok' && typed.minor !== amountMinor;
  const post = (countedMinor: number) => {
    const typedCode = asciiDigits(code).replace(/\s/g, '');
    confirm.mutate({ id: h.id, method, counted: fromMinor(countedMinor, h.currency), ...(method === 'slip' ? {} : { code: method === 'qr' ? qrCode! : typedCode }) });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (typed.kind === 'decimals') return setErrors({ counted: decimalsMessage(t, h.currency) });
    if (typed.kind !== 'ok') return setErrors({ counted: t('handover.company.countedInvalid') });
    if (method === 'code' && !/^\d{6}$/.test(asciiDigits(code).replace(/\s/g, ''))) return setErrors({ code: t('handover.company.codeInvalid') });
    setErrors({});
    // The ledger cannot be edited: a count that differs is checked once more before it is posted.
    if (differs) return setChecking(typed.minor);
    post(typed.minor);
  };
  const title = t(bank ? 'handover.company.confirmBankTitle' : 'handover.company.confirmTitle');

  if (checking !== null) {
    const difference = amountMinor - checking;
    return (
      <Modal open onClose={onClose} title={title} testId="handover-confirm">
        <div className="space-y-4" data-testid="confirm-check">
          <div role="alert" className="alert alert-warning alert-soft items-start">
            <Icon name="alert" className="size-6 shrink-0" />
            <div className="space-y-1">
              <h3 className="font-bold">{t('handover.company.checkTitle')}</h3>
              <p className="text-sm">{t('handover.company.checkText')}</p>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-box bg-base-200 p-3">
            <dt className="text-sm text-base-content/70">{h.riderName}</dt>
            <dd className="text-end text-sm text-base-content/70">{dateTimeIn(h.submittedAt, h.currency)}</dd>
            <dt>{t('handover.company.checkHanded')}</dt>
            <dd className="text-end font-semibold tabular-nums" data-testid="confirm-check-amount">
              {money(h.amount, h.currency)}
            </dd>
            <dt>{t('handover.company.checkCounted')}</dt>
            <dd className="text-end font-semibold tabular-nums" data-testid="confirm-check-counted">
              {money(fromMinor(checking, h.currency), h.currency)}
            </dd>
            <dt className="font-bold">{t(difference > 0 ? 'handover.company.checkShort' : 'handover.company.checkOver')}</dt>
            <dd className="text-end text-xl font-bold text-error tabular-nums" data-testid="confirm-check-difference">
              {money(fromMinor(Math.abs(difference), h.currency), h.currency)}
            </dd>
          </dl>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn btn-ghost" onClick={() => setChecking(null)} disabled={confirm.isPending} data-testid="confirm-back">
              {t('handover.company.checkBack')}
            </button>
            <button type="button" className="btn btn-warning" onClick={() => post(checking)} disabled={confirm.isPending} data-testid="confirm-record" autoFocus>
              {confirm.isPending ? <span className="loading loading-spinner loading-sm" /> : null}
              {t('handover.company.checkRecord')}
            </button>
          </div>
        </div>
      </Modal>
    );
  }

  return (
    <Modal open onClose={onClose} title={title} testId="handover-confirm">
      <form className="space-y-4" onSubmit={submit} noValidate>
        <div className="rounded-box bg-base-200 p-3">
          <p className="font-semibold">{h.riderName}</p>
          <p className="text-2xl font-bold tabular-nums">{money(h.amount, h.currency)}</p>
          <p className="text-sm text-base-content/70">{dateTimeIn(h.submittedAt, h.currency)}</p>
          {h.slip ? (
            <p className={`text-sm ${h.slip.mismatch ? 'text-warning' : 'text-base-content/70'}`} data-testid="confirm-slip">
              {t('handover.company.slipRead', { amount: money(h.slip.amount, h.slip.currency) })}
            </p>
          ) : null}
        </div>
        {method === 'qr' ? (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="flex items-center gap-2 text-sm text-success" data-testid="confirm-qr-verified">
              <Icon name="check" className="size-4" />
              {t('handover.company.qrRead')}
            </p>
            <button type="button" className="btn btn-link btn-sm px-0" onClick={() => { setTyping(true); setErrors({}); }} data-testid="confirm-type-code">
              {t('handover.company.typeCode')}
            </button>
          </div>
        ) : method === 'code' ? (
          <label className="block space-y-1" htmlFor="handover-code">
            <span className="text-sm font-medium">{t('handover.company.codeLabel')}</span>
            <input
              id="handover-code"
              className="input input-lg w-full text-center font-mono text-2xl tracking-[0.3em]"
              inputMode="numeric"
              autoComplete="one-time-code"
              dir="ltr"
              maxLength={12}
              autoFocus
              value={code}
              onChange={(e) => { setCode(asciiDigits(e.target.value).replace(/[^\d]/g, '').slice(0, 6)); setErrors({}); }}
              data-testid="confirm-code"
            />
            <FieldError message={errors.code} testId="confirm-error" />
          </label>
        ) : (
          <p className="text-sm text-base-content/70">{t('handover.company.bankHint')}</p>
        )}
        <label className="block space-y-1" htmlFor="handover-counted">
          <span className="text-sm font-medium">{t('handover.company.countedLabel', { currency: h.currency })}</span>
          <input
            id="handover-counted"
            className={`input input-lg w-full tabular-nums ${typed.kind === 'decimals' || errors.counted ? 'input-error' : ''}`}
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            value={counted}
            onChange={(e) => { setCounted(asciiDigits(e.target.value)); setErrors({}); }}
            data-testid="confirm-counted"
          />
          <FieldError message={errors.counted} testId="confirm-error" />
          {differs ? (
            <span className="alert alert-warning alert-soft mt-2 block px-3 py-2 text-sm" data-testid="confirm-differs">
              {t('handover.company.differs')}
            </span>
          ) : null}
        </label>
        {errors._ || (errors.code && method !== 'code') ? (
          <p role="alert" className="text-sm text-error" data-testid="confirm-error">
            {errors._ ?? errors.code}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={confirm.isPending}>
            {t('riderDash.cash.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={confirm.isPending} data-testid="confirm-submit">
            {confirm.isPending ? <span className="loading loading-spinner loading-sm" /> : null}
            {t('handover.company.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
