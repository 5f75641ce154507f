import { useEffect, useRef } from 'react';
import { useT } from '../../../src/client/i18n';
import { CameraShell, CameraStatusOverlay } from '../../../src/client/scanner/CameraParts';
import { useCamera } from '../../../src/client/scanner/useCamera';
import { parseHandoverQr } from '../../../src/shared/cash/handover';

/** A modest frame is plenty for a QR code on a phone screen, and keeps decoding fast on old phones. */
const QR_CAMERA = { width: 1280, height: 720, quality: 0.8 };
const DECODE_EVERY_MS = 200;
const DECODE_WIDTH = 640;

/**
 * "Scan QR": the camera (the scanner's useCamera and frame) looks for the rider's hand-over QR code;
 * frames are decoded with jsQR (loaded on first use) until one of ours is found.
 */
export function QrScanDialog({ onFound, onClose }: { onFound: (found: { submissionId: string; code: string }) => void; onClose: () => void }) {
  const t = useT();
  const camera = useCamera(QR_CAMERA);
  const found = useRef(onFound);
  found.current = onFound;
  const live = camera.status.kind === 'live';
  const { video: videoRef, stop: stopCamera } = camera;

  useEffect(() => {
    if (!live) return;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const { default: jsQR } = await import('jsqr');
      const video = videoRef.current;
      if (stopped) return;
      if (video && ctx && video.videoWidth) {
        const scale = Math.min(1, DECODE_WIDTH / video.videoWidth);
        canvas.width = Math.round(video.videoWidth * scale);
        canvas.height = Math.round(video.videoHeight * scale);
        ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
        const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
        const hit = jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' });
        const parsed = hit ? parseHandoverQr(hit.data) : null;
        if (parsed) {
          stopped = true;
          stopCamera();
          found.current(parsed);
          return;
        }
      }
      timer = setTimeout(() => void tick(), DECODE_EVERY_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [live, videoRef, stopCamera]);

  return (
    <CameraShell title={t('handover.scan.title')} testId="qr-scan" phase={camera.status.kind} camera={camera} onClose={onClose} framed>
      <div className="relative min-h-0 flex-1 overflow-hidden bg-black sm:aspect-[4/3] sm:max-h-[calc(100dvh-8rem)] sm:flex-none">
        <video ref={camera.video} className="absolute inset-0 h-full w-full object-cover" playsInline muted autoPlay data-testid="qr-video" />
        {live ? (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
            <div className="aspect-square w-3/5 max-w-72 rounded-2xl border-4 border-white/80 shadow-[0_0_0_100vmax_rgba(0,0,0,0.35)]" />
          </div>
        ) : null}
        <CameraStatusOverlay camera={camera} onClose={onClose} />
      </div>
      <p className="px-4 py-3 text-center text-sm text-white/80">{t('handover.scan.hint')}</p>
    </CameraShell>
  );
}
