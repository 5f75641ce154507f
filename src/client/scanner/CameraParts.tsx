import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../i18n';
import { ScannerIcon } from './icons';
import type { Camera } from './useCamera';

/**
 * The frame every camera view shares: a full-screen black layer above the page (no scroll behind
 * it, Escape closes), a header with Close, the title, the torch (where the camera has one) and
 * the camera flip. `framed`: a centred panel from the `sm` breakpoint up instead of full screen.
 * Portalled to <body>, so the styles of whatever card opened it (e.g. `.card-body p`) do not reach in.
 */
export function CameraShell({
  title,
  testId,
  phase,
  camera,
  onClose,
  framed = false,
  children,
}: {
  title: string;
  testId: string;
  phase: string;
  camera: Camera;
  onClose: () => void;
  framed?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const titleId = useId();
  const live = camera.status.kind === 'live' && phase === 'live';
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close.current();
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = overflow;
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  const iconButton = 'btn btn-circle btn-ghost text-white hover:bg-white/15';
  return createPortal(
    <div className={`fixed inset-0 z-[90] flex bg-black text-white ${framed ? 'sm:items-center sm:justify-center sm:bg-black/75 sm:p-6' : ''}`}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        data-phase={phase}
        className={`flex h-full w-full flex-col bg-black ${framed ? 'sm:h-auto sm:max-h-full sm:max-w-5xl sm:overflow-hidden sm:rounded-2xl sm:shadow-2xl sm:ring-1 sm:ring-white/15' : ''}`}
      >
        <header className="flex items-center gap-2 px-3 pb-2 pt-[max(0.75rem,env(safe-area-inset-top))] sm:pt-3">
          <button type="button" className={iconButton} aria-label={t('scanner.close')} onClick={onClose}>
            <ScannerIcon name="close" />
          </button>
          <h2 id={titleId} className="flex-1 truncate text-center text-lg font-semibold">
            {title}
          </h2>
          {camera.torch.supported && live ? (
            <button
              type="button"
              className={`${iconButton} ${camera.torch.on ? 'bg-warning/80 text-black' : ''}`}
              aria-pressed={camera.torch.on}
              aria-label={t(camera.torch.on ? 'scanner.torchOff' : 'scanner.torchOn')}
              onClick={() => void camera.toggleTorch()}
              data-testid="scanner-torch"
            >
              <ScannerIcon name="torch" />
            </button>
          ) : null}
          <button type="button" className={iconButton} aria-label={t('scanner.flip')} disabled={!live} onClick={camera.flip} data-testid="scanner-flip">
            <ScannerIcon name="flip" />
          </button>
        </header>
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** Over the viewfinder: 'Starting camera...' while it opens, the spec's camera error with Close / Try again. */
export function CameraStatusOverlay({ camera, onClose }: { camera: Camera; onClose: () => void }) {
  const t = useT();
  if (camera.status.kind === 'starting') {
    return (
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-3" role="status">
        <span className="loading loading-spinner loading-lg" />
        <p>{t('scanner.starting')}</p>
      </div>
    );
  }
  if (camera.status.kind !== 'error') return null;
  return (
    <div className="absolute inset-0 flex items-center justify-center p-6">
      <div role="alert" className="max-w-sm space-y-4 rounded-box bg-base-100 p-6 text-center text-base-content" data-testid="scanner-error">
        <p className="font-semibold">{t(camera.status.message)}</p>
        <div className="flex justify-center gap-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('scanner.close')}
          </button>
          <button type="button" className="btn btn-primary" onClick={camera.retry}>
            {t('scanner.retry')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The round shutter; focused when it appears so Enter or Space takes the photo. */
export function ShutterButton({ onClick, testId = 'scanner-capture' }: { onClick: () => void; testId?: string }) {
  const t = useT();
  return (
    <button
      type="button"
      autoFocus
      aria-label={t('scanner.capture')}
      className="size-16 shrink-0 rounded-full bg-white ring-4 ring-white/40 ring-offset-4 ring-offset-black transition active:scale-95 focus-visible:outline-2 focus-visible:outline-offset-8 focus-visible:outline-white"
      onClick={onClick}
      data-testid={testId}
    />
  );
}
