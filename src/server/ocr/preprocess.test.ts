import { describe, expect, test } from 'bun:test';
import sharp from 'sharp';
import { preprocess, TUNING, UndecodableImage } from './preprocess';

/** A white w×h picture with black bars (text-like ink), optionally light on dark. */
function picture(width: number, height: number, dark = false) {
  const bars = Array.from({ length: 6 }, (_, i) => `<rect x="${(i + 1) * (width / 8)}" y="${height * 0.3}" width="${width / 20}" height="${height * 0.4}" fill="${dark ? '#eee' : '#111'}"/>`);
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${dark ? '#111' : '#fff'}"/>${bars.join('')}</svg>`));
}

const mean = (px: Uint8Array) => px.reduce((a, v) => a + v, 0) / px.length;

describe('preprocess', () => {
  test('turns a photo stored sideways upright (EXIF 6) before scaling a line to its height', async () => {
    const upright = await picture(600, 200).png().toBuffer();
    const sideways = await sharp(await sharp(upright).rotate(270).png().toBuffer()).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const { grey } = await preprocess(sideways, { layout: 'line' });
    expect([grey.width, grey.height]).toEqual([300, TUNING.lineHeight]);
  });

  test('crops to the roi (fractions of the image)', async () => {
    const photo = await picture(1000, 500).png().toBuffer();
    const { grey } = await preprocess(photo, { layout: 'line', roi: { x: 0.5, y: 0.5, w: 0.5, h: 0.2 } });
    expect([grey.width, grey.height]).toEqual([500, 100]);
  });

  test('a phone photo shrinks to the page cap; a narrow slip grows to the minimum width', async () => {
    const big = await preprocess(await picture(4000, 3000).jpeg().toBuffer(), { layout: 'page' });
    expect(Math.max(big.grey.width, big.grey.height)).toBe(TUNING.pageMaxSide);
    const slip = await preprocess(await picture(500, 300).png().toBuffer(), { layout: 'page' });
    expect(slip.grey.width).toBe(TUNING.pageMinWidth);
  });

  test('light-on-dark displays come out dark on light, greyscale PNG for Tesseract', async () => {
    const { png, grey } = await preprocess(await picture(600, 150, true).png().toBuffer(), { layout: 'line' });
    expect(mean(grey.px)).toBeGreaterThan(128);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', channels: 1 });
  });

  test('bytes that only look like an image → UndecodableImage', async () => {
    const broken = new Uint8Array(2048);
    broken.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(preprocess(broken, { layout: 'page' })).rejects.toBeInstanceOf(UndecodableImage);
  });
});
