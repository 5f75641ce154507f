import { useState, type FormEvent } from 'react';
import { numberText, numericInput } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { OcrDialog } from '../../../src/client/ocr/LazyOcrDialog';
import type { OcrConfirmed } from '../../../src/client/ocr/OcrDialog';
import { cameraSupported } from '../../../src/client/scanner/errors';
import { toast } from '../../../src/client/toast';
import { Icon } from '../../../src/client/ui/Icon';
import { Modal } from '../../../src/client/ui/Modal';
import { dutyStartInput } from '../../../src/shared/schemas/rider-app';
import { captureRefOf, dutyEnd, dutyStart, type CaptureRef } from './actions';

const fmt = (n: number) => numberText(n);

/** The odometer reading as the server will check it (a whole, non-negative number of km). */
function parseOdometer(raw: string): { ok: true; km: number } | { ok: false; error: string | null } {
  if (!raw.trim()) return { ok: false, error: null };
  const r = dutyStartInput.shape.startOdometerKm.safeParse(Number(raw));
  if (r.success) return { ok: true, km: r.data };
  const issue = r.error.issues[0];
  // The schema's own words for "not a number" / "not whole km"; the range falls back to the catalog.
  return { ok: false, error: issue && issue.code !== 'too_small' && issue.code !== 'too_big' ? issue.message : null };
}

/** Start or End Duty's odometer reading (loaded when DutyManager opens it: it brings the shared zod schema). */
export function OdometerDialog({ mode, startKm, onClose }: { mode: 'start' | 'end'; startKm: number | null; onClose: () => void }) {
  const t = useT();
  const [raw, setRaw] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [capture, setCapture] = useState<CaptureRef>(null);
  /** The km confirmed with the attached photo: the server refuses a different reading with it. */
  const [photoKm, setPhotoKm] = useState<number | null>(null);
  const parsed = parseOdometer(raw);
  const belowStart = (km: number) => (mode === 'end' && startKm !== null && km < startKm ? t('app.duty.endBelowStart', { end: km, start: startKm }) : null);

  const scanned = ({ value, outcome }: OcrConfirmed) => {
    setScanning(false);
    const ref = captureRefOf(outcome);
    setCapture(ref);
    setPhotoKm(ref ? value : null);
    setRaw(String(value));
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!parsed.ok) return setError(parsed.error ?? t('app.duty.odometerRequired'));
    // The server's own wording, before the write is even queued.
    const refused = belowStart(parsed.km) ?? (capture && photoKm !== null && parsed.km !== photoKm ? t('app.duty.photoMismatch', { photo: photoKm, km: parsed.km }) : null);
    if (refused) return setError(refused);
    setBusy(true);
    const outcome = mode === 'start' ? await dutyStart(parsed.km, capture) : await dutyEnd(parsed.km, capture);
    setBusy(false);
    if (outcome.kind === 'dropped') return setError(outcome.message);
    if (outcome.kind === 'sent') {
      const km = mode === 'end' && startKm !== null ? parsed.km - startKm : null;
      toast({ title: mode === 'start' ? t('app.duty.started') : t('app.duty.ended', { km: fmt(km ?? 0) }), variant: 'success' });
    }
    onClose();
  };

  const label = mode === 'start' ? t('app.duty.startOdometer') : t('app.duty.endOdometer');
  // The OCR dialog is full screen: this dialog steps aside while it is open and keeps what was typed.
  if (scanning) {
    return (
      <OcrDialog
        type={mode === 'start' ? 'start_odometer' : 'end_odometer'}
        validate={belowStart}
        onConfirmed={scanned}
        onClose={() => setScanning(false)}
      />
    );
  }
  return (
    <Modal open onClose={onClose} title={mode === 'start' ? t('app.duty.start') : t('app.duty.end')} testId={`duty-${mode}-dialog`}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-base-content/70">{mode === 'start' ? t('app.duty.startHint') : t('app.duty.startReading', { km: fmt(startKm ?? 0) })}</p>
        <label className="block">
          <span className="mb-1 block text-sm font-medium">{label}</span>
          <input
            className={`input input-lg w-full tabular-nums ${error ? 'input-error' : ''}`}
            type="text"
            inputMode="numeric"
            dir="ltr"
            autoFocus
            value={raw}
            onChange={(e) => {
              setRaw(numericInput(e.target.value));
              setError(null);
            }}
            aria-invalid={!!error}
            aria-describedby={error ? 'odometer-error' : undefined}
            data-testid="odometer-input"
          />
        </label>
        {capture ? (
          <p className="flex items-center gap-2 text-sm text-success" data-testid="odometer-photo">
            <Icon name="check" className="size-4" />
            {t('app.duty.photoAttached')}
            {cameraSupported() ? (
              <button type="button" className="btn btn-link btn-sm ms-auto px-0" onClick={() => setScanning(true)} data-testid="odometer-rescan">
                {t('app.duty.rescan')}
              </button>
            ) : null}
          </p>
        ) : cameraSupported() ? (
          <button type="button" className="btn btn-outline btn-block h-12 gap-2" onClick={() => setScanning(true)} data-testid="odometer-scan">
            <Icon name="camera" />
            {t('app.duty.scan')}
          </button>
        ) : null}
        {mode === 'end' && parsed.ok && startKm !== null && parsed.km >= startKm ? (
          <p className="text-sm" data-testid="duty-km-preview">
            {t('app.duty.kmPreview', { km: fmt(parsed.km - startKm) })}
          </p>
        ) : null}
        {error ? (
          <p id="odometer-error" className="text-sm text-error" role="alert" data-testid="odometer-error">
            {error}
          </p>
        ) : null}
        <div className="flex gap-2">
          <button type="button" className="btn btn-ghost h-12 flex-1" onClick={onClose}>
            {t('form.cancel')}
          </button>
          <button type="submit" className={`btn h-12 flex-1 ${mode === 'start' ? 'btn-primary' : 'btn-error'}`} disabled={busy} data-testid="odometer-submit">
            {mode === 'start' ? t('app.duty.start') : t('app.duty.end')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
