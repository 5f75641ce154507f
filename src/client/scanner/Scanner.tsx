import { useEffect, useRef, useState } from 'react';
import type { MessageKey } from '../../shared/i18n';
import type { CaptureType } from '../../shared/schemas/capture-types';
import { useT } from '../i18n';
import { useSession } from '../session';
import { toast } from '../toast';
import { grabFrame, videoConstraints, type CaptureResult, type Facing } from './capture';
import { cameraErrorKey, cameraSupported, type CameraErrorKey } from './errors';
import { ScannerIcon } from './icons';
import { fixOrNull, type Fix } from './position';
import { submitCapture, type SubmitOutcome } from './submit';

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

type Phase =
  | { kind: 'starting' }
  | { kind: 'live' }
  | { kind: 'preview'; capture: CaptureResult }
  | { kind: 'saving'; capture: CaptureResult }
  | { kind: 'error'; message: CameraErrorKey };

/**
 * Spec section 4, Scanner: live camera → captured preview → Retake (back to live)
 * or Confirm (saved, closes). Full screen, torch where the camera has one, camera flip.
 */
export function Scanner({ type, onDone, onClose, submit }: ScannerProps) {
  const t = useT();
  const { user } = useSession();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const fix = useRef<Promise<Fix | null>>(Promise.resolve(null));
  const captureButton = useRef<HTMLButtonElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [facing, setFacing] = useState<Facing>('environment');
  const [attempt, setAttempt] = useState(0);
  const [torch, setTorch] = useState({ supported: false, on: false });
  const title = t(`scanner.type.${type}` as MessageKey);

  const stop = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  };

  useEffect(() => {
    let cancelled = false;
    const fail = (message: CameraErrorKey) => {
      setPhase({ kind: 'error', message });
      toast({ title: t('scanner.error.toastTitle'), description: t('scanner.error.toastText'), variant: 'destructive' });
    };
    (async () => {
      setPhase({ kind: 'starting' });
      if (!cameraSupported()) return fail('scanner.error.unsupported');
      try {
        const s = await navigator.mediaDevices.getUserMedia(videoConstraints(facing));
        if (cancelled) return s.getTracks().forEach((track) => track.stop());
        stream.current = s;
        if (video.current) {
          video.current.srcObject = s;
          await video.current.play().catch(() => undefined);
        }
        const caps = s.getVideoTracks()[0]?.getCapabilities?.() as { torch?: boolean } | undefined;
        setTorch({ supported: caps?.torch === true, on: false });
        setPhase({ kind: 'live' });
      } catch (err) {
        if (!cancelled) fail(cameraErrorKey(err));
      }
    })();
    return () => {
      cancelled = true;
      stop();
    };
    // t is stable in effect (one catalog); restart only for a new camera or a retry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [facing, attempt]);

  // Full screen: no page scroll behind it; Escape closes.
  useEffect(() => {
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = overflow;
      window.removeEventListener('keydown', onKey);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (phase.kind === 'live') captureButton.current?.focus();
  }, [phase.kind]);

  function close() {
    stop();
    onClose();
  }

  function capture() {
    try {
      const image = grabFrame(video.current!);
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
    stop();
    // Queued: the outbox has already said 'Data Recorded Locally... sync failed - will retry'.
    if (outcome.kind === 'sent') toast({ title: t('scanner.savedTitle'), description: t(`scanner.saved.${type}` as MessageKey), variant: 'success' });
    onDone({ capture: full, outcome });
  }

  async function toggleTorch() {
    const track = stream.current?.getVideoTracks()[0];
    if (!track) return;
    try {
      await track.applyConstraints({ advanced: [{ torch: !torch.on } as MediaTrackConstraintSet] });
      setTorch({ supported: true, on: !torch.on });
    } catch {
      setTorch({ supported: false, on: false });
    }
  }

  const shot = phase.kind === 'preview' || phase.kind === 'saving' ? phase.capture : null;
  const iconButton = 'btn btn-circle btn-ghost text-white hover:bg-white/15';
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={title}
      data-testid="scanner"
      data-phase={phase.kind}
      className="fixed inset-0 z-[90] flex flex-col bg-black text-white"
    >
      <header className="flex items-center gap-2 px-3 pb-2 pt-[max(0.75rem,env(safe-area-inset-top))]">
        <button type="button" className={iconButton} aria-label={t('scanner.close')} onClick={close}>
          <ScannerIcon name="close" />
        </button>
        <h2 className="flex-1 truncate text-center text-lg font-semibold">{title}</h2>
        {torch.supported && phase.kind === 'live' ? (
          <button type="button" className={`${iconButton} ${torch.on ? 'bg-warning/80 text-black' : ''}`} aria-pressed={torch.on} aria-label={t(torch.on ? 'scanner.torchOff' : 'scanner.torchOn')} onClick={toggleTorch} data-testid="scanner-torch">
            <ScannerIcon name="torch" />
          </button>
        ) : null}
        <button
          type="button"
          className={iconButton}
          aria-label={t('scanner.flip')}
          disabled={phase.kind !== 'live'}
          onClick={() => setFacing((f) => (f === 'environment' ? 'user' : 'environment'))}
          data-testid="scanner-flip"
        >
          <ScannerIcon name="flip" />
        </button>
      </header>

      <div className="relative min-h-0 flex-1 overflow-hidden">
        <video ref={video} className={`absolute inset-0 h-full w-full object-cover ${shot ? 'invisible' : ''}`} playsInline muted autoPlay data-testid="scanner-video" />
        {phase.kind === 'live' ? (
          <div className="pointer-events-none absolute inset-x-6 top-6 bottom-12 rounded-2xl border-2 border-white/70 shadow-[0_0_0_9999px_rgba(0,0,0,0.25)] sm:inset-x-[15%]" aria-hidden="true" />
        ) : null}
        {shot ? <img src={shot.image} alt={t('scanner.previewAlt', { what: title })} className="absolute inset-0 h-full w-full bg-black object-contain" data-testid="scanner-preview" /> : null}
        {phase.kind === 'starting' ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3" role="status">
            <span className="loading loading-spinner loading-lg" />
            <p>{t('scanner.starting')}</p>
          </div>
        ) : null}
        {phase.kind === 'error' ? (
          <div className="absolute inset-0 flex items-center justify-center p-6">
            <div role="alert" className="max-w-sm space-y-4 rounded-box bg-base-100 p-6 text-center text-base-content" data-testid="scanner-error">
              <p className="font-semibold">{t(phase.message)}</p>
              <div className="flex justify-center gap-2">
                <button type="button" className="btn btn-ghost" onClick={close}>
                  {t('scanner.close')}
                </button>
                <button type="button" className="btn btn-primary" onClick={() => setAttempt((n) => n + 1)}>
                  {t('scanner.retry')}
                </button>
              </div>
            </div>
          </div>
        ) : null}
        {phase.kind === 'live' ? <p className="absolute inset-x-0 bottom-3 text-center text-sm text-white/85 drop-shadow">{t('scanner.hint')}</p> : null}
      </div>

      <footer className="flex min-h-28 items-center justify-center gap-4 px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
        {phase.kind === 'live' ? (
          <button
            ref={captureButton}
            type="button"
            aria-label={t('scanner.capture')}
            className="size-16 rounded-full bg-white ring-4 ring-white/40 ring-offset-4 ring-offset-black transition active:scale-95 focus-visible:outline-2 focus-visible:outline-offset-8 focus-visible:outline-white"
            onClick={capture}
            data-testid="scanner-capture"
          />
        ) : null}
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
    </div>
  );
}
