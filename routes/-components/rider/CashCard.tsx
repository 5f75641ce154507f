import { useState } from 'react';
import { money, numericInput } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { OcrDialog } from '../../../src/client/ocr/LazyOcrDialog';
import { toast } from '../../../src/client/toast';
import { Card } from '../../../src/client/ui/Card';
import { Modal } from '../../../src/client/ui/Modal';
import type { HandoverChannel } from '../../../src/shared/cash/ledger-types';
import { MINOR_DIGITS } from '../../../src/shared/money';
import { decimalsMessage, readAmount } from '../cash/amount';
import { ChannelPicker } from '../cash/ChannelPicker';
import { RiderHandovers } from '../cash/RiderHandovers';
import { submitHandover } from '../cash/submit';
import { SlipNote, useSlipScan } from './slip';
import { parseAmount } from './writes';
import type { RiderActor, RiderDashboardData } from './types';

/**
 * Cash Management: what the rider holds, what awaits the company's count and what is still outstanding
 * (all from the cash ledger); Submit Cash by hand-over or bank deposit, then the hand-over panel with
 * the QR code and one-time code (riders only; an admin looks on read-only).
 */
export function CashCard({ d, actor, onWritten }: { d: RiderDashboardData; actor: RiderActor | null; onWritten: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // Kept here, not in the form: the form's dialog steps aside while the full-screen slip scan is open.
  const [text, setText] = useState('');
  const [channel, setChannel] = useState<HandoverChannel>('handover');
  const slip = useSlipScan(d.currency, setText);
  const start = () => {
    // Spec section 5: blocked at 0 or less.
    if (d.cashOnHand <= 0) return toast({ title: t('riderDash.cash.noneTitle'), description: t('riderDash.cash.noneText'), variant: 'destructive' });
    setText(d.cashOnHand.toFixed(MINOR_DIGITS[d.currency]));
    setChannel('handover');
    slip.reset();
    setOpen(true);
  };
  return (
    <Card title={t('rider.cash.title')}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-base-content/70">{t('rider.cash.onHand')}</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="cash-on-hand">
            {money(d.cashOnHand, d.currency)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/70">{t('rider.cash.pending')}</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="cash-pending">
            {money(d.pendingCash, d.currency)}
          </dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-sm text-base-content/70">{t('handover.outstanding')}</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="cash-outstanding">
            {money(d.outstandingCash, d.currency)}
          </dd>
        </div>
      </dl>
      {actor ? (
        <button type="button" className="btn btn-primary w-full sm:w-auto sm:self-end" onClick={start} data-testid="submit-cash">
          {t('riderDash.cash.submit')}
        </button>
      ) : null}
      {actor ? (
        // Hiding the dialog for the scan fires its close event: that is not the rider closing it.
        <Modal open={open && !slip.scanning} onClose={() => !slip.scanning && setOpen(false)} title={t('riderDash.cash.submit')} testId="cash-dialog">
          <CashForm d={d} actor={actor} text={text} setText={setText} channel={channel} setChannel={setChannel} slip={slip} onClose={() => setOpen(false)} onDone={() => { setOpen(false); onWritten(); }} />
        </Modal>
      ) : null}
      {actor ? <RiderHandovers currency={d.currency} /> : null}
      {open && slip.scanning ? <OcrDialog type="cash" currency={d.currency} onConfirmed={slip.confirmed} onClose={slip.cancel} /> : null}
    </Card>
  );
}

function CashForm({
  d,
  actor,
  text,
  setText,
  channel,
  setChannel,
  slip,
  onClose,
  onDone,
}: {
  d: RiderDashboardData;
  actor: RiderActor;
  text: string;
  setText: (s: string) => void;
  channel: HandoverChannel;
  setChannel: (c: HandoverChannel) => void;
  slip: ReturnType<typeof useSlipScan>;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const digits = MINOR_DIGITS[d.currency];
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const amount = parseAmount(text, digits);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    // More decimals than the currency has is refused, never rounded (the server refuses it too).
    if (readAmount(text, d.currency).kind === 'decimals') return setError(decimalsMessage(t, d.currency));
    if (amount === null) return setError(t('riderDash.cash.invalid'));
    if (amount > d.cashOnHand) return setError(t('riderDash.cash.tooMuch', { amount: money(d.cashOnHand, d.currency) }));
    if (channel === 'bank_deposit' && !slip.slip?.ref) return setError(t('handover.error.slipRequired'));
    setBusy(true);
    try {
      const r = await submitHandover({ userId: actor.userId, riderId: actor.riderId, amount, channel, slip: slip.slip?.ref ?? null });
      if (r.kind === 'refused') return toast({ title: t('riderDash.cash.failed'), description: r.message, variant: 'destructive' });
      if (r.kind === 'sent') toast({ title: t('riderDash.cash.doneTitle'), description: t('riderDash.cash.doneText', { amount: money(amount, d.currency) }), variant: 'success' });
      if (r.kind !== 'unauthorized') onDone();
    } catch {
      toast({ title: t('riderDash.cash.failed'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <ChannelPicker value={channel} onChange={(c) => { setChannel(c); setError(null); }} name="rider-cash-channel" />
      <label className="block space-y-1" htmlFor="cash-amount">
        <span className="text-sm font-medium">{t('riderDash.cash.amount', { currency: d.currency })}</span>
        <input
          id="cash-amount"
          name="amount"
          className={`input input-lg w-full tabular-nums ${error ? 'input-error' : ''}`}
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby="cash-amount-hint"
          onChange={(e) => { setText(numericInput(e.target.value)); setError(null); }}
        />
        <span id="cash-amount-hint" className={`block text-sm ${error ? 'text-error' : 'text-base-content/70'}`}>
          {error ?? t('handover.amountHint', { amount: money(d.cashOnHand, d.currency) })}
        </span>
      </label>
      <SlipNote slip={slip} amount={amount} currency={d.currency} />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
          {t('riderDash.cash.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="cash-confirm">
          {busy ? <span className="loading loading-spinner loading-sm" /> : null}
          {t('riderDash.cash.confirm')}
        </button>
      </div>
    </form>
  );
}
