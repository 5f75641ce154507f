import type { OcrRoi } from '../../shared/schemas/ocr';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * The guide frame (a rectangle on screen) as fractions of the captured frame. The video fills its
 * box with `object-fit: cover`: it is scaled by max(boxW / videoW, boxH / videoH) and centred, so
 * the part outside the box is cropped. Undo that, clamp to the image, and round to 4 places.
 * Null when nothing is known yet (no frame size) or the frame lies outside the picture.
 */
export function coverRoi(frame: Box, view: Box, videoW: number, videoH: number): OcrRoi | null {
  if (!(videoW > 0 && videoH > 0 && view.width > 0 && view.height > 0)) return null;
  const scale = Math.max(view.width / videoW, view.height / videoH);
  const offsetX = (view.width - videoW * scale) / 2;
  const offsetY = (view.height - videoH * scale) / 2;
  const toX = (screenX: number) => round4(clamp01((screenX - view.left - offsetX) / scale / videoW));
  const toY = (screenY: number) => round4(clamp01((screenY - view.top - offsetY) / scale / videoH));
  const x = toX(frame.left);
  const y = toY(frame.top);
  const w = round4(toX(frame.left + frame.width) - x);
  const h = round4(toY(frame.top + frame.height) - y);
  if (w <= 0 || h <= 0) return null;
  return { x, y, w, h };
}

/**
 * What the review shows: where the server found the value (OcrResult.region), with room around it
 * (a third of its width each side, its height above and below) so the rider sees the digits and what
 * stands next to them; else the guide frame. Clamped to the photo.
 */
export function reviewRoi(found: OcrRoi | undefined, frame: OcrRoi | null): OcrRoi | null {
  if (!found) return frame;
  const x = clamp01(found.x - found.w / 3);
  const y = clamp01(found.y - found.h);
  const w = round4(clamp01(found.x + found.w + found.w / 3) - x);
  const h = round4(clamp01(found.y + 2 * found.h) - y);
  return w > 0 && h > 0 ? { x: round4(x), y: round4(y), w, h } : frame;
}
