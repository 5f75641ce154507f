import { useState, type FormEvent } from 'react';
import { money, numericInput } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { OcrDialog } from '../../../src/client/ocr/LazyOcrDialog';
import { toast } from '../../../src/client/toast';
import { Card } from '../../../src/client/ui/Card';
import { Icon } from '../../../src/client/ui/Icon';
import type { HandoverChannel } from '../../../src/shared/cash/ledger-types';
import { fromMinor, MINOR_DIGITS, toMinor } from '../../../src/shared/money';
import { decimalsMessage, readAmount } from '../cash/amount';
import { ChannelPicker } from '../cash/ChannelPicker';
import { RiderHandovers } from '../cash/RiderHandovers';
import { submitHandover } from '../cash/submit';
import { SlipNote, useSlipScan } from '../rider/slip';
import { OtherCurrencyCash } from './OtherCurrencyCash';
import { useRider } from './RiderContext';

/**
 * Cash Management on /app: cash on hand, pending submission and outstanding, all derived from the cash
 * ledger (plus deliveries and submissions still in the outbox); Submit Cash by hand-over or bank
 * deposit (with its slip), then the hand-over panel with the QR code and one-time code.
 */
export function CashCard() {
  const t = useT();
  const { cash, dash, riderId, user } = useRider();
  const [raw, setRaw] = useState('');
  const [channel, setChannel] = useState<HandoverChannel>('handover');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const slip = useSlipScan(cash?.currency ?? 'KWD', setRaw);
  if (!cash) return <div className="skeleton h-40 w-full" />;
  const { currency, onHand } = cash;
  const digits = MINOR_DIGITS[currency];
  const typed = raw.trim() ? Number(raw) : onHand;
  // Outstanding moves with deliveries still in the outbox; a submission only moves cash from hand to pending.
  const outstanding = dash
    ? fromMinor(toMinor(dash.outstandingCash, currency) - toMinor(dash.cashOnHand, currency) - toMinor(dash.pendingCash, currency) + toMinor(onHand, currency) + toMinor(cash.pending, currency), currency)
    : onHand + cash.pending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Spec section 5: blocked at 0 or less.
    if (onHand <= 0) return toast({ title: t('app.cash.noCashTitle'), description: t('app.cash.noCashText'), variant: 'destructive' });
    const typedAmount = raw.trim() ? readAmount(raw, currency) : null;
    // More decimals than the currency has is refused, never rounded (the server refuses it too).
    if (typedAmount?.kind === 'decimals') return setError(decimalsMessage(t, currency));
    if (typedAmount && typedAmount.kind !== 'ok') return setError(t('app.cash.invalid'));
    const amount = typedAmount ? typedAmount.value : onHand;
    if (amount <= 0) return setError(t('app.cash.invalid'));
    if (toMinor(amount, currency) > toMinor(onHand, currency)) return setError(t('app.cash.tooMuch', { amount: money(onHand, currency) }));
    if (channel === 'bank_deposit' && !slip.slip?.ref) return setError(t('handover.error.slipRequired'));
    if (!riderId) return;
    setBusy(true);
    try {
      const outcome = await submitHandover({ userId: user.id, riderId, amount, channel, slip: slip.slip?.ref ?? null });
      if (outcome.kind === 'refused') return setError(outcome.message);
      if (outcome.kind === 'unauthorized') return;
      setRaw('');
      slip.reset();
      setChannel('handover');
      if (outcome.kind === 'sent') toast({ title: t('app.cash.submitted', { amount: money(amount, currency) }), variant: 'success' });
    } catch {
      toast({ title: t('riderDash.cash.failed'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('rider.cash.title')}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="app-cash">
        <div>
          <dt className="text-sm text-base-content/70">{t('rider.cash.onHand')}</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="app-cash-on-hand">
            {money(onHand, currency)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/70">{t('rider.cash.pending')}</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="app-cash-pending">
            {money(cash.pending, currency)}
          </dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-sm text-base-content/70">{t('handover.outstanding')}</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="app-cash-outstanding">
            {money(outstanding, currency)}
          </dd>
        </div>
      </dl>
      <OtherCurrencyCash />
      <form onSubmit={submit} className="space-y-3" noValidate>
        <ChannelPicker value={channel} onChange={(c) => { setChannel(c); setError(null); }} name="app-cash-channel" />
        <div className="flex items-end gap-2">
          <label className="min-w-0 flex-1">
            <span className="mb-1 block text-sm font-medium">{t('app.cash.amount', { currency })}</span>
            <input
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'app-cash-error' : undefined}
              className={`input input-lg w-full tabular-nums ${error ? 'input-error' : ''}`}
              type="text"
              inputMode="decimal"
              dir="ltr"
              placeholder={onHand > 0 ? onHand.toFixed(digits) : ''}
              value={raw}
              onChange={(e) => {
                setRaw(numericInput(e.target.value));
                setError(null);
              }}
              data-testid="cash-amount"
            />
          </label>
          <button type="submit" className="btn btn-primary h-14 gap-2" disabled={busy} data-testid="cash-submit">
            <Icon name="cash" />
            {t('app.cash.submit')}
          </button>
        </div>
      </form>
      {error ? (
        <p id="app-cash-error" role="alert" className="text-sm text-error" data-testid="cash-error">
          {error}
        </p>
      ) : null}
      {onHand > 0 || slip.slip ? <SlipNote slip={slip} amount={typed !== null && Number.isFinite(typed) && typed > 0 ? typed : null} currency={currency} /> : null}
      {slip.scanning ? <OcrDialog type="cash" currency={currency} onConfirmed={slip.confirmed} onClose={slip.cancel} /> : null}
      {riderId ? <RiderHandovers currency={currency} /> : null}
    </Card>
  );
}
