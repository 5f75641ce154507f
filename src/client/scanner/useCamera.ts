import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useT } from '../i18n';
import { toast } from '../toast';
import { grabFrame, videoConstraints, type CameraSpec, type Facing } from './capture';
import { cameraErrorKey, cameraSupported, type CameraErrorKey } from './errors';

export type CameraStatus = { kind: 'starting' } | { kind: 'live' } | { kind: 'error'; message: CameraErrorKey };

/**
 * One camera for the full-screen scanner and the OCR dialog: opens the stream at the view's ideal
 * size, reports the spec's camera errors (section 8, with the 'Camera Error' toast), and offers
 * torch, flip, retry, a JPEG frame at the view's quality, and stop (also on unmount).
 */
export function useCamera(spec: CameraSpec) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [status, setStatus] = useState<CameraStatus>({ kind: 'starting' });
  const [facing, setFacing] = useState<Facing>('environment');
  const [attempt, setAttempt] = useState(0);
  const [torch, setTorch] = useState({ supported: false, on: false });

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);
  // The camera error and its toast, in the language shown when it happens (not a reason to restart the camera).
  const fail = useEffectEvent((message: CameraErrorKey) => {
    setStatus({ kind: 'error', message });
    toast({ title: t('scanner.error.toastTitle'), description: t('scanner.error.toastText'), variant: 'destructive' });
  });

  // Restarts for a new camera or a retry (every caller's spec is a module constant).
  useEffect(() => {
    let cancelled = false;
    (async () => {
      setStatus({ kind: 'starting' });
      if (!cameraSupported()) return fail('scanner.error.unsupported');
      try {
        const s = await navigator.mediaDevices.getUserMedia(videoConstraints(facing, spec));
        if (cancelled) return s.getTracks().forEach((track) => track.stop());
        stream.current = s;
        if (video.current) {
          video.current.srcObject = s;
          await video.current.play().catch(() => undefined);
        }
        const caps = s.getVideoTracks()[0]?.getCapabilities?.() as { torch?: boolean } | undefined;
        setTorch({ supported: caps?.torch === true, on: false });
        setStatus({ kind: 'live' });
      } catch (err) {
        if (!cancelled) fail(cameraErrorKey(err));
      }
    })();
    return () => {
      cancelled = true;
      stop();
    };
  }, [facing, attempt, spec, stop]);

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

  return {
    video,
    status,
    torch,
    toggleTorch,
    flip: () => setFacing((f) => (f === 'environment' ? 'user' : 'environment')),
    retry: () => setAttempt((n) => n + 1),
    stop,
    /** The current frame as a JPEG data URL at the view's quality; throws when there is none. */
    grab: () => grabFrame(video.current!, spec.quality),
  };
}

export type Camera = ReturnType<typeof useCamera>;
