import type { CaptureType } from '../../shared/schemas/capture-types';
import type { CaptureReading } from '../../shared/schemas/ocr';
import type { Fix } from './position';

/** What a camera view asks for (ideal size) and how it saves a frame (JPEG quality). */
export interface CameraSpec {
  width: number;
  height: number;
  quality: number;
}

/** Spec section 9: the scanner asks for 1920×1080 and saves JPEG at quality 0.9. */
export const SCANNER_JPEG_QUALITY = 0.9;
export const SCANNER_IDEAL = { width: 1920, height: 1080 } as const;
export const SCANNER_CAMERA: CameraSpec = { ...SCANNER_IDEAL, quality: SCANNER_JPEG_QUALITY };

export type Facing = 'environment' | 'user';

export function videoConstraints(facing: Facing, ideal: Pick<CameraSpec, 'width' | 'height'> = SCANNER_IDEAL): MediaStreamConstraints {
  return {
    audio: false,
    video: { facingMode: { ideal: facing }, width: { ideal: ideal.width }, height: { ideal: ideal.height } },
  };
}

/** Spec section 3, Capture result. */
export interface CaptureResult {
  type: CaptureType;
  /** A JPEG data URL. */
  image: string;
  /** ISO time the photo was taken, on the phone. */
  timestamp: string;
  location: Fix | null;
  /** The value the rider confirmed in the OCR dialog, stored with the photo. */
  reading?: CaptureReading;
}

export interface CaptureAuthor {
  riderId: string;
  riderName: string;
  email: string;
}

/** The body of POST /api/ocr/submit (spec section 7). */
export function captureBody(capture: CaptureResult, who: CaptureAuthor) {
  return {
    type: capture.type,
    image: capture.image,
    timestamp: capture.timestamp,
    location: capture.location,
    riderId: who.riderId,
    riderName: who.riderName,
    email: who.email,
    ...(capture.reading ? { reading: capture.reading } : {}),
  };
}

/** The current video frame as a JPEG data URL; throws when there is no frame yet. */
export function grabFrame(video: HTMLVideoElement, quality = SCANNER_JPEG_QUALITY, doc: Document = document): string {
  const w = video.videoWidth;
  const h = video.videoHeight;
  if (!w || !h) throw new Error('no video frame');
  const canvas = doc.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.drawImage(video, 0, 0, w, h);
  const url = canvas.toDataURL('image/jpeg', quality);
  if (!url.startsWith('data:image/jpeg')) throw new Error('JPEG encoding failed');
  return url;
}
