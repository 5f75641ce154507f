import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { MessageKey } from '../../shared/i18n';
import type { Currency } from '../../shared/money';
import type { CaptureReading, OcrImageType, OcrResult, OcrRoi } from '../../shared/schemas/ocr';
import { useT } from '../i18n';
import { CameraShell, CameraStatusOverlay, ShutterButton } from '../scanner/CameraParts';
import type { CaptureResult } from '../scanner/capture';
import { fixOrNull, type Fix } from '../scanner/position';
import { submitCapture, type SubmitOutcome } from '../scanner/submit';
import { useCamera } from '../scanner/useCamera';
import { sessionQuery, useSession } from '../session';
import { toast } from '../toast';
import { OcrReview, type ReviewWhy } from './OcrReview';
import { loginPathFor, processImage, UNAUTHORIZED_REDIRECT_MS } from './process';
import { confirmedReading, OCR_CAMERA, parseReading, readingCurrency, readingKind, readingText } from './reading';
import { coverRoi } from './roi';
import { StorageWarning } from '../storage/StorageWarning';

export interface OcrConfirmed {
  /** km, or minor units of `reading.currency`. */
  value: number;
  reading: CaptureReading;
  capture: CaptureResult;
  outcome: SubmitOutcome;
}

export interface OcrDialogProps {
  type: OcrImageType;
  /** The rider's currency: a receipt or slip is in it unless OCR read another. */
  currency?: Currency;
  /** Saved (sent or queued in the outbox) with its reading: the caller closes the dialog. */
  onConfirmed: (done: OcrConfirmed) => void;
  onClose: () => void;
  /** Why a value cannot be used here (an end reading below the start), shown before anything is saved. */
  validate?: (value: number) => string | null;
  confirmLabel?: string;
}

interface Shot {
  image: string;
  roi: OcrRoi | null;
  /** The captured frame's width / height. */
  aspect: number;
  timestamp: string;
}

type Phase =
  | { kind: 'live' }
  | { kind: 'processing'; shot: Shot }
  | { kind: 'review' | 'saving'; shot: Shot; result: OcrResult | null; why: ReviewWhy }
  | { kind: 'signedOut'; shot: Shot };

/** Where the guide frame sits in the viewfinder: a band for odometer digits, a tall box for a receipt or slip. */
const FRAME = { odometer: 'inset-x-[8%] top-[34%] h-[32%]', money: 'inset-x-[14%] top-[6%] bottom-[8%]' } as const;

const rectOf = (el: Element) => el.getBoundingClientRect();

/**
 * Spec section 4, OCR camera dialog: live → captured/processing → the read value for confirmation;
 * Confirm saves the photo with the value (outbox, /api/ocr/submit) and closes; Retake goes back to live.
 * A failed or unreadable photo shows the spec's toast and lets the rider retake or type the value;
 * offline, the rider types it; a 401 says 'Unauthorized... logged out' and goes to login after 500 ms.
 * Full screen on phones, a framed panel with a 4:3 viewfinder on larger screens.
 */
export function OcrDialog({ type, currency = 'KWD', onConfirmed, onClose, validate, confirmLabel }: OcrDialogProps) {
  const t = useT();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const camera = useCamera(OCR_CAMERA);
  const frame = useRef<HTMLDivElement>(null);
  const fix = useRef<Promise<Fix | null>>(Promise.resolve(null));
  const pending = useRef<AbortController | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'live' });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const kind = readingKind(type);
  const title = t(`scanner.type.${type}` as MessageKey);

  useEffect(() => () => pending.current?.abort(), []);

  function close() {
    pending.current?.abort();
    camera.stop();
    onClose();
  }

  function signedOut(shot: Shot) {
    camera.stop();
    setPhase({ kind: 'signedOut', shot });
    toast({ title: t('ocr.unauthorized'), variant: 'destructive' });
    setTimeout(() => {
      void navigate({ href: loginPathFor(window.location.pathname), replace: true }).then(() => queryClient.setQueryData(sessionQuery().queryKey, null));
    }, UNAUTHORIZED_REDIRECT_MS);
  }

  async function capture() {
    const video = camera.video.current;
    let shot: Shot;
    try {
      const image = camera.grab();
      const roi = frame.current && video ? coverRoi(rectOf(frame.current), rectOf(video), video.videoWidth, video.videoHeight) : null;
      shot = { image, roi, aspect: video!.videoWidth / video!.videoHeight, timestamp: new Date().toISOString() };
    } catch {
      toast({ title: t('scanner.error.capture'), variant: 'destructive' });
      return;
    }
    // Ask for a position now; Confirm waits for it at most the 5 s timeout.
    fix.current = fixOrNull();
    setError(null);
    setPhase({ kind: 'processing', shot });
    const ctrl = new AbortController();
    pending.current = ctrl;
    const outcome = await processImage({ image: shot.image, type, roi: shot.roi }, { signal: ctrl.signal });
    if (ctrl.signal.aborted) return;
    switch (outcome.kind) {
      case 'read':
        setText(readingText(outcome.result.value, kind, readingCurrency(outcome.result, currency)));
        return setPhase({ kind: 'review', shot, result: outcome.result, why: 'read' });
      case 'unreadable':
      case 'failed':
        toast({ title: t('ocr.failed.title'), description: t('ocr.failed.text'), variant: 'destructive' });
        setText('');
        return setPhase({ kind: 'review', shot, result: null, why: 'failed' });
      case 'offline':
        setText('');
        return setPhase({ kind: 'review', shot, result: null, why: 'offline' });
      case 'unauthorized':
        return signedOut(shot);
    }
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (phase.kind !== 'review' || !user) return;
    const cur = readingCurrency(phase.result, currency);
    const value = parseReading(text, kind, cur);
    if (value === null) {
      const example = readingText(kind === 'odometer' ? 84512 : 12_500, kind, cur);
      return setError(!text.trim() ? t('ocr.required') : t(kind === 'odometer' ? 'ocr.invalid.odometer' : 'ocr.invalid.money', { example }));
    }
    const refused = validate?.(value);
    if (refused) return setError(refused);
    const reading = confirmedReading(value, kind, cur, phase.result);
    setPhase({ ...phase, kind: 'saving' });
    const full: CaptureResult = { type, image: phase.shot.image, timestamp: phase.shot.timestamp, location: await fix.current, reading };
    const outcome = await submitCapture(full, user);
    if (outcome.kind === 'refused') {
      toast({ title: t('scanner.saveFailed'), description: outcome.message, variant: 'destructive' });
      return setPhase({ ...phase, kind: 'review' });
    }
    if (outcome.kind === 'unauthorized') return; // the outbox sends the rider to sign in again
    camera.stop();
    // Queued: the outbox has already said 'Data Recorded Locally... sync failed - will retry'.
    if (outcome.kind === 'sent') toast({ title: t('scanner.savedTitle'), description: t(`scanner.saved.${type}` as MessageKey), variant: 'success' });
    onConfirmed({ value, reading, capture: full, outcome });
  }

  function retake() {
    setError(null);
    setText('');
    setPhase({ kind: 'live' });
  }

  const shot = phase.kind === 'live' ? null : phase.shot;
  const reviewing = phase.kind === 'review' || phase.kind === 'saving';
  const live = phase.kind === 'live' && camera.status.kind === 'live';
  const framed = live || phase.kind === 'processing';
  return (
    <CameraShell title={title} testId="ocr-dialog" phase={phase.kind === 'live' ? camera.status.kind : phase.kind} camera={camera} onClose={close} framed>
      <div className="flex min-h-0 flex-1 flex-col sm:grid sm:grid-cols-[minmax(0,3fr)_minmax(19rem,2fr)]">
        <div className="relative min-h-0 flex-1 overflow-hidden bg-black sm:aspect-[4/3] sm:max-h-[calc(100dvh-8rem)] sm:flex-none">
          <video ref={camera.video} className={`absolute inset-0 h-full w-full object-cover ${shot ? 'invisible' : ''}`} playsInline muted autoPlay data-testid="ocr-video" />
          {shot ? (
            <img
              src={shot.image}
              alt={t('scanner.previewAlt', { what: title })}
              className={`absolute inset-0 h-full w-full ${reviewing ? 'object-contain opacity-70' : 'object-cover'}`}
              data-testid="ocr-photo"
            />
          ) : null}
          {framed ? (
            <div
              ref={frame}
              className={`pointer-events-none absolute rounded-xl border-2 shadow-[0_0_0_9999px_rgba(0,0,0,0.4)] ${FRAME[kind]} ${phase.kind === 'processing' ? 'animate-pulse border-primary' : 'border-white/85'}`}
              aria-hidden="true"
              data-testid="ocr-frame"
            />
          ) : null}
          {phase.kind === 'live' ? <CameraStatusOverlay camera={camera} onClose={close} /> : null}
        </div>

        {reviewing ? (
          <OcrReview
            type={type}
            currency={readingCurrency(phase.result, currency)}
            shot={phase.shot}
            result={phase.result}
            why={phase.why}
            text={text}
            error={error}
            saving={phase.kind === 'saving'}
            confirmLabel={confirmLabel ?? t('scanner.confirm')}
            onText={(next) => {
              setText(next);
              setError(null);
            }}
            onRetake={retake}
            onConfirm={(e) => void confirm(e)}
          />
        ) : (
          <div className="flex min-h-36 flex-col items-center justify-center gap-6 px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] text-center sm:min-h-0 sm:gap-8 sm:p-8">
            {phase.kind === 'processing' || phase.kind === 'signedOut' ? (
              <div role="status" aria-live="polite" className="flex flex-col items-center gap-3" data-testid="ocr-processing">
                <span className="loading loading-spinner loading-lg text-primary" />
                <p className="text-white/90">{phase.kind === 'signedOut' ? t('ocr.unauthorized') : t(`ocr.reading.${type}` as MessageKey)}</p>
              </div>
            ) : (
              <>
                <StorageWarning />
                <p className="text-sm text-white/80">{t(kind === 'odometer' ? 'ocr.hint.odometer' : 'ocr.hint.money')}</p>
                {live ? <ShutterButton onClick={() => void capture()} testId="ocr-capture" /> : <div className="size-16" aria-hidden="true" />}
              </>
            )}
          </div>
        )}
      </div>
    </CameraShell>
  );
}
