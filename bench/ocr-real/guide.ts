import { createHash } from 'node:crypto';
import type { OcrRoi } from '../../src/shared/schemas/ocr';

/**
 * The capture dialog's guide frame as a rider would hold it over a display whose digits sit at
 * `digits` (fractions of the upright photo): a band 1.5–2.1 times as wide as the digits and 2.5–4 times
 * as tall, its centre off by up to 12 % of its size, clamped to the photo. Deterministic per photo.
 * `scale` widens the band around the same centre (a rider who frames the whole display and more).
 */
export function guideFrame(id: string, digits: OcrRoi, scale = 1): OcrRoi {
  const h = createHash('sha256').update(`guide:${id}`).digest();
  const u = (i: number) => h[i]! / 255;
  const w = Math.min(1, digits.w * scale * (1.5 + 0.6 * u(0)));
  const ht = Math.min(1, digits.h * scale * (2.5 + 1.5 * u(1)));
  const cx = digits.x + digits.w / 2 + (u(2) - 0.5) * 0.24 * w;
  const cy = digits.y + digits.h / 2 + (u(3) - 0.5) * 0.24 * ht;
  const x = Math.min(1 - w, Math.max(0, cx - w / 2));
  const y = Math.min(1 - ht, Math.max(0, cy - ht / 2));
  return { x, y, w, h: ht };
}
