import sharp from 'sharp';

/** An upright RGB image in memory (3 bytes a pixel, rows top to bottom). */
export interface Rgb {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Recognition works on this many pixels along the longer side at most; more costs memory and adds no detail a line needs. */
export const WORK_SIDE = 2400;

/** Decode JPEG/PNG/WebP bytes, turn them upright by their EXIF orientation, and bound the size. */
export async function decodeRgb(bytes: Uint8Array, maxSide = WORK_SIDE): Promise<Rgb> {
  const { data, info } = await sharp(bytes, { failOn: 'none' })
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/** Resize to exactly width × height (no aspect kept): the detector's input. */
export async function resizeRgb(img: Rgb, width: number, height: number): Promise<Rgb> {
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize({ width, height, fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/** Part of an image (pixel box, clamped to it). */
export function cropRgb(img: Rgb, x: number, y: number, w: number, h: number): Rgb {
  const x0 = Math.max(0, Math.floor(x));
  const y0 = Math.max(0, Math.floor(y));
  const x1 = Math.min(img.width, Math.ceil(x + w));
  const y1 = Math.min(img.height, Math.ceil(y + h));
  const cw = Math.max(1, x1 - x0);
  const ch = Math.max(1, y1 - y0);
  const out = new Uint8Array(cw * ch * 3);
  for (let r = 0; r < ch; r++) out.set(img.data.subarray(((y0 + r) * img.width + x0) * 3, ((y0 + r) * img.width + x0 + cw) * 3), r * cw * 3);
  return { data: out, width: cw, height: ch };
}

/** The image turned a quarter (clockwise when `turns` is 1), a half or three quarters. */
export function rotateRgb(img: Rgb, turns: 0 | 1 | 2 | 3): Rgb {
  if (turns === 0) return img;
  const { width: w, height: h, data } = img;
  const ow = turns === 2 ? w : h;
  const oh = turns === 2 ? h : w;
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [nx, ny] = turns === 1 ? [h - 1 - y, x] : turns === 2 ? [w - 1 - x, h - 1 - y] : [y, w - 1 - x];
      const s = (y * w + x) * 3;
      const d = (ny * ow + nx) * 3;
      out[d] = data[s]!;
      out[d + 1] = data[s + 1]!;
      out[d + 2] = data[s + 2]!;
    }
  }
  return { data: out, width: ow, height: oh };
}

/**
 * Sample a rotated rectangle (centre, size, angle in radians) into an outW × outH image, bilinear:
 * a text line found at a slant comes out level.
 */
export function sampleRect(img: Rgb, cx: number, cy: number, w: number, h: number, angle: number, outW: number, outH: number): Rgb {
  const out = new Uint8Array(outW * outH * 3);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const sx = w / outW;
  const sy = h / outH;
  const { width: W, height: H, data } = img;
  for (let oy = 0; oy < outH; oy++) {
    const v = (oy + 0.5) * sy - h / 2;
    for (let ox = 0; ox < outW; ox++) {
      const u = (ox + 0.5) * sx - w / 2;
      const px = Math.min(W - 1.001, Math.max(0, cx + u * cos - v * sin - 0.5));
      const py = Math.min(H - 1.001, Math.max(0, cy + u * sin + v * cos - 0.5));
      const x0 = Math.floor(px);
      const y0 = Math.floor(py);
      const fx = px - x0;
      const fy = py - y0;
      const i00 = (y0 * W + x0) * 3;
      const i01 = i00 + 3;
      const i10 = i00 + W * 3;
      const i11 = i10 + 3;
      const d = (oy * outW + ox) * 3;
      for (let c = 0; c < 3; c++) {
        const top = data[i00 + c]! * (1 - fx) + data[i01 + c]! * fx;
        const bottom = data[i10 + c]! * (1 - fx) + data[i11 + c]! * fx;
        out[d + c] = top * (1 - fy) + bottom * fy;
      }
    }
  }
  return { data: out, width: outW, height: outH };
}
