import { useRef, useState } from 'react';
import type { MessageKey } from '../../shared/i18n';
import type { CaptureType } from '../../shared/schemas/capture-types';
import { useT } from '../i18n';
import { useSession } from '../session';
import { toast } from '../toast';
import { CameraShell, CameraStatusOverlay, ShutterButton } from './CameraParts';
import { SCANNER_CAMERA, type CaptureResult } from './capture';
import { ScannerIcon } from './icons';
import { fixOrNull, type Fix } from './position';
import { submitCapture, type SubmitOutcome } from './submit';
import { useCamera } from './useCamera';

export interface ScannerDone {
  capture: CaptureResult;
  outcome: SubmitOutcome;
}

export interface ScannerProps {
  type: CaptureType;
  /** Confirmed and handed to the outbox: the caller closes the scanner (unmounts it). */
  onDone: (done: ScannerDone) => void;
  /** Closed without a photo. */
  onClose: () => void;
  /** Replaces the upload to /api/ocr/submit (a caller that keeps the photo itself). */
  submit?: (capture: CaptureResult) => Promise<SubmitOutcome>;
}

type Phase = { kind: 'live' } | { kind: 'preview'; capture: CaptureResult } | { kind: 'saving'; capture: CaptureResult };

/**
 * Spec section 4, Scanner: live camera → captured preview → Retake (back to live)
 * or Confirm (saved, closes). Full screen, torch where the camera has one, camera flip.
 */
export function Scanner({ type, onDone, onClose, submit }: ScannerProps) {
  const t = useT();
  const { user } = useSession();
  const camera = useCamera(SCANNER_CAMERA);
  const fix = useRef<Promise<Fix | null>>(Promise.resolve(null));
  const [phase, setPhase] = useState<Phase>({ kind: 'live' });
  const title = t(`scanner.type.${type}` as MessageKey);

  function close() {
    camera.stop();
    onClose();
  }

  function capture() {
    try {
      const image = camera.grab();
      // Ask for a position now; Confirm waits for it at most the 5 s timeout.
      fix.current = fixOrNull();
      setPhase({ kind: 'preview', capture: { type, image, timestamp: new Date().toISOString(), location: null } });
    } catch {
      toast({ title: t('scanner.error.capture'), variant: 'destructive' });
    }
  }

  async function confirm(shot: CaptureResult) {
    if (!user && !submit) return;
    setPhase({ kind: 'saving', capture: shot });
    const full = { ...shot, location: await fix.current };
    const outcome = await (submit ? submit(full) : submitCapture(full, user!));
    if (outcome.kind === 'refused') {
      toast({ title: t('scanner.saveFailed'), description: outcome.message, variant: 'destructive' });
      setPhase({ kind: 'preview', capture: shot });
      return;
    }
    if (outcome.kind === 'unauthorized') return; // the outbox sends the rider to sign in again
    camera.stop();
    // Queued: the outbox has already said 'Data Recorded Locally... sync failed - will retry'.
    if (outcome.kind === 'sent') toast({ title: t('scanner.savedTitle'), description: t(`scanner.saved.${type}` as MessageKey), variant: 'success' });
    onDone({ capture: full, outcome });
  }

  const shot = phase.kind === 'live' ? null : phase.capture;
  const live = phase.kind === 'live' && camera.status.kind === 'live';
  const shown = phase.kind === 'live' ? camera.status.kind : phase.kind;
  return (
    <CameraShell title={title} testId="scanner" phase={shown} camera={camera} onClose={close}>
      <div className="relative min-h-0 flex-1 overflow-hidden">
        <video ref={camera.video} className={`absolute inset-0 h-full w-full object-cover ${shot ? 'invisible' : ''}`} playsInline muted autoPlay data-testid="scanner-video" />
        {live ? (
          <div className="pointer-events-none absolute inset-x-6 top-6 bottom-12 rounded-2xl border-2 border-white/70 shadow-[0_0_0_9999px_rgba(0,0,0,0.25)] sm:inset-x-[15%]" aria-hidden="true" />
        ) : null}
        {shot ? <img src={shot.image} alt={t('scanner.previewAlt', { what: title })} className="absolute inset-0 h-full w-full bg-black object-contain" data-testid="scanner-preview" /> : null}
        {phase.kind === 'live' ? <CameraStatusOverlay camera={camera} onClose={close} /> : null}
        {live ? <p className="absolute inset-x-0 bottom-3 text-center text-sm text-white/85 drop-shadow">{t('scanner.hint')}</p> : null}
      </div>

      <footer className="flex min-h-28 items-center justify-center gap-4 px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
        {live ? <ShutterButton onClick={capture} /> : null}
        {shot ? (
          <>
            <button type="button" className="btn btn-outline btn-lg border-white text-white" disabled={phase.kind === 'saving'} onClick={() => setPhase({ kind: 'live' })} data-testid="scanner-retake">
              <ScannerIcon name="retake" className="size-5" /> {t('scanner.retake')}
            </button>
            <button type="button" className="btn btn-primary btn-lg" disabled={phase.kind === 'saving'} onClick={() => void confirm(shot)} data-testid="scanner-confirm">
              {phase.kind === 'saving' ? <span className="loading loading-spinner loading-sm" /> : <ScannerIcon name="check" className="size-5" />}
              {t(phase.kind === 'saving' ? 'scanner.saving' : 'scanner.confirm')}
            </button>
          </>
        ) : null}
      </footer>
    </CameraShell>
  );
}
