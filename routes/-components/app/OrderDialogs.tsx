import { useState, type FormEvent } from 'react';
import { money, numericInput } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { Modal } from '../../../src/client/ui/Modal';
import { orderDelivered, orderFailed } from './actions';
import { Icon } from '../../../src/client/ui/Icon';
import type { ViewOrder } from './overlay';
import { photoToDataUrl } from './photo';
import { useRider } from './RiderContext';
import { StorageFullError } from '../../../src/client/storage/space';
import { StorageWarning } from '../../../src/client/storage/StorageWarning';

/** Delivered: the recipient's name, an optional 4-digit PIN and an optional photo (camera). */
export function DeliverDialog({ order, onClose }: { order: ViewOrder; onClose: () => void }) {
  const t = useT();
  const { geo } = useRider();
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const [photo, setPhoto] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ name?: string; pin?: string; photo?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const pickPhoto = async (file: File | undefined) => {
    if (!file) return;
    try {
      setPhoto(await photoToDataUrl(file));
      setErrors((e) => ({ ...e, photo: undefined }));
    } catch {
      setErrors((e) => ({ ...e, photo: t('app.deliver.photoFailed') }));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!name.trim()) next.name = t('app.deliver.recipientRequired');
    if (pin && !/^\d{4}$/.test(pin)) next.pin = t('app.deliver.pinInvalid');
    setErrors(next);
    if (next.name || next.pin) return;
    setBusy(true);
    const at = Date.now();
    let outcome: Awaited<ReturnType<typeof orderDelivered>>;
    try {
      outcome = await orderDelivered({
        orderId: order.id,
        recipientName: name.trim(),
        pin: pin || undefined,
        photo: photo ?? undefined,
        location: geo.fix,
        cash: order.cashToCollect,
        currency: order.currency,
        startedAt: order.startedAt ? Date.parse(order.startedAt) : null,
        at,
      });
    } catch (err) {
      // No room on the phone for the record (the toast says so): the dialog stays, with what was typed, to try again.
      if (err instanceof StorageFullError) return setErrors({ form: t('storage.notSavedTitle') });
      throw err;
    } finally {
      setBusy(false);
    }
    if (outcome.kind === 'dropped') return setErrors({ form: outcome.message });
    if (outcome.kind === 'sent') toast({ title: t('app.deliver.done'), variant: 'success' });
    onClose();
  };

  return (
    <Modal open onClose={onClose} title={t('app.deliver.title', { customer: order.customerName })} testId="deliver-dialog">
      <form onSubmit={submit} className="space-y-4" noValidate>
        {order.cashToCollect > 0 ? (
          <div role="status" className="alert alert-warning alert-soft">
            <Icon name="cash" />
            <span>{t('app.deliver.collect', { amount: money(order.cashToCollect, order.currency) })}</span>
          </div>
        ) : null}
        <label className="block">
          <span className="mb-1 block text-sm font-medium">{t('app.deliver.recipient')}</span>
          <input
            className={`input input-lg w-full ${errors.name ? 'input-error' : ''}`}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? 'deliver-name-error' : undefined}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
            maxLength={120}
            data-testid="recipient-name"
          />
          {errors.name ? <span id="deliver-name-error" role="alert" className="mt-1 block text-sm text-error">{errors.name}</span> : null}
        </label>
        <label className="block">
          <span className="mb-1 block text-sm font-medium">{t('app.deliver.pin')}</span>
          <input
            className={`input input-lg w-full tracking-[0.4em] tabular-nums ${errors.pin ? 'input-error' : ''}`}
            aria-invalid={errors.pin ? true : undefined}
            aria-describedby={errors.pin ? 'deliver-pin-error' : undefined}
            value={pin}
            onChange={(e) => setPin(numericInput(e.target.value).replace(/\D/g, '').slice(0, 4))}
            dir="ltr"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={4}
            data-testid="delivery-pin"
          />
          <span className="mt-1 block text-xs text-base-content/70">{t('app.deliver.pinHint')}</span>
          {errors.pin ? <span id="deliver-pin-error" role="alert" className="mt-1 block text-sm text-error">{errors.pin}</span> : null}
        </label>
        <div>
          <span className="mb-1 block text-sm font-medium">{t('app.deliver.photo')}</span>
          <div className="mb-2 empty:hidden">
            <StorageWarning />
          </div>
          <div className="flex items-center gap-3">
            {photo ? <img src={photo} alt={t('app.deliver.photoPreview')} className="size-20 rounded-box object-cover" data-testid="proof-preview" /> : null}
            <label className="btn btn-outline h-12 gap-2">
              <Icon name="camera" />
              {photo ? t('app.deliver.retake') : t('app.deliver.takePhoto')}
              <input type="file" accept="image/*" capture="environment" className="hidden" onChange={(e) => void pickPhoto(e.target.files?.[0])} data-testid="proof-photo" />
            </label>
          </div>
          {errors.photo ? <span className="mt-1 block text-sm text-error">{errors.photo}</span> : null}
        </div>
        {errors.form ? (
          <p role="alert" className="text-sm text-error">
            {errors.form}
          </p>
        ) : null}
        <div className="flex gap-2">
          <button type="button" className="btn btn-ghost h-12 flex-1" onClick={onClose}>
            {t('form.cancel')}
          </button>
          <button type="submit" className="btn btn-success h-12 flex-1" disabled={busy} data-testid="deliver-submit">
            {t('app.deliver.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Failed: the reason is required. */
export function FailDialog({ order, onClose }: { order: ViewOrder; onClose: () => void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(t('app.fail.reasonRequired'));
    setBusy(true);
    const outcome = await orderFailed(order.id, reason.trim());
    setBusy(false);
    if (outcome.kind === 'dropped') return setError(outcome.message);
    if (outcome.kind === 'sent') toast({ title: t('app.fail.done') });
    onClose();
  };
  return (
    <Modal open onClose={onClose} title={t('app.fail.title', { customer: order.customerName })} testId="fail-dialog">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <label className="block">
          <span className="mb-1 block text-sm font-medium">{t('app.fail.reason')}</span>
          <textarea
            className={`textarea textarea-lg w-full ${error ? 'textarea-error' : ''}`}
            rows={3}
            maxLength={300}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            data-testid="fail-reason"
          />
        </label>
        {error ? (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        ) : null}
        <div className="flex gap-2">
          <button type="button" className="btn btn-ghost h-12 flex-1" onClick={onClose}>
            {t('form.cancel')}
          </button>
          <button type="submit" className="btn btn-error h-12 flex-1" disabled={busy} data-testid="fail-submit">
            {t('app.fail.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
