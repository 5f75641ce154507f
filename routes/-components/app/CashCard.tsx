import { useState, type FormEvent } from 'react';
import { money, numericInput } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { Card } from '../../../src/client/ui/Card';
import { MINOR_DIGITS, toMinor } from '../../../src/shared/money';
import { submitCash } from './actions';
import { Icon } from '../../../src/client/ui/Icon';
import { useRider } from './RiderContext';
import { OcrDialog } from '../../../src/client/ocr';
import { SlipNote, useSlipScan } from '../rider/slip';

/** Cash on hand (with deliveries and submissions not yet synced) and Submit Cash with { amount }. */
export function CashCard() {
  const t = useT();
  const { cash, riderId } = useRider();
  const [raw, setRaw] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const slip = useSlipScan(cash?.currency ?? 'KWD', setRaw);
  if (!cash) return <div className="skeleton h-40 w-full" />;
  const { currency, onHand } = cash;
  const digits = MINOR_DIGITS[currency];
  const typed = raw.trim() ? Number(raw) : onHand;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Spec section 5: blocked at 0 or less.
    if (onHand <= 0) return toast({ title: t('app.cash.noCashTitle'), description: t('app.cash.noCashText'), variant: 'destructive' });
    const amount = raw.trim() ? Number(raw) : onHand;
    if (!Number.isFinite(amount) || amount <= 0) return setError(t('app.cash.invalid'));
    if (toMinor(amount, currency) > toMinor(onHand, currency)) return setError(t('app.cash.tooMuch', { amount: money(onHand, currency) }));
    if (!riderId) return;
    setBusy(true);
    const outcome = await submitCash(riderId, amount, slip.slip?.ref ?? null);
    setBusy(false);
    if (outcome.kind === 'dropped') return setError(outcome.message);
    setRaw('');
    slip.reset();
    if (outcome.kind === 'sent') toast({ title: t('app.cash.submitted', { amount: money(amount, currency) }), variant: 'success' });
  };

  return (
    <Card title={t('rider.cash.title')}>
      <dl className="grid grid-cols-2 gap-3" data-testid="app-cash">
        <div>
          <dt className="text-sm text-base-content/60">{t('rider.cash.onHand')}</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="app-cash-on-hand">
            {money(onHand, currency)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/60">{t('rider.cash.pending')}</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="app-cash-pending">
            {money(cash.pending, currency)}
          </dd>
        </div>
      </dl>
      <form onSubmit={submit} className="flex items-end gap-2" noValidate>
        <label className="min-w-0 flex-1">
          <span className="mb-1 block text-sm font-medium">{t('app.cash.amount', { currency })}</span>
          <input
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
      </form>
      {error ? (
        <p role="alert" className="text-sm text-error" data-testid="cash-error">
          {error}
        </p>
      ) : null}
      {onHand > 0 || slip.slip ? <SlipNote slip={slip} amount={typed !== null && Number.isFinite(typed) && typed > 0 ? typed : null} currency={currency} /> : null}
      {slip.scanning ? <OcrDialog type="cash" currency={currency} onConfirmed={slip.confirmed} onClose={slip.cancel} /> : null}
    </Card>
  );
}
