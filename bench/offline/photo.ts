/**
 * A stand-in for a phone camera's photo of a doorstep: 4032×3024 like a 12 MP phone camera, with detail at every
 * scale (coarse shapes, mid texture, fine sensor grain) so that it compresses like a real scene, not like a flat
 * synthetic frame (tests/e2e/fake-camera.ts draws flat pictures: its JPEGs are a few KB). The app scales it to
 * 1280 px and JPEG 0.8 before it waits in the outbox (routes/-components/app/photo.ts).
 */
import sharp from 'sharp';

export const PHOTO_SIZE = { width: 4032, height: 3024 } as const;

/** Deterministic pseudo-random bytes (mulberry32), so every run stores the same photo. */
function noise(n: number, seed: number): Buffer {
  const out = Buffer.alloc(n);
  let a = seed >>> 0;
  for (let i = 0; i < n; i++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = ((t ^ (t >>> 14)) >>> 0) & 0xff;
  }
  return out;
}

/** A noise layer drawn at `w`×`h` and scaled up smoothly to the photo's size. */
function layer(w: number, h: number, seed: number): Promise<Buffer> {
  const { width, height } = PHOTO_SIZE;
  return sharp(noise(w * h * 3, seed), { raw: { width: w, height: h, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
}

export async function doorstepPhoto(seed = 1): Promise<Buffer> {
  const { width, height } = PHOTO_SIZE;
  const [coarse, mid, fine] = await Promise.all([layer(24, 18, seed), layer(320, 240, seed + 1), layer(1344, 1008, seed + 2)]);
  const grain = noise(width * height * 3, seed + 3);
  const rgb = Buffer.alloc(width * height * 3);
  for (let i = 0; i < rgb.length; i++) {
    const v = 0.62 * coarse[i]! + 0.22 * mid[i]! + 0.12 * fine[i]! + 0.04 * grain[i]!;
    rgb[i] = Math.max(0, Math.min(255, Math.round(v)));
  }
  return sharp(rgb, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}
