import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([head, data, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A complete, valid 1-bit greyscale PNG of w×h white pixels: a few kilobytes of zlib that decode to
 * w×h pixels (a real decompression bomb when w×h is large).
 */
export function bombPng(w: number, h: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const row = Math.ceil(w / 8) + 1;
  const raw = Buffer.alloc(row * h, 0xff);
  for (let y = 0; y < h; y++) raw[y * row] = 0; // filter type 0 per row
  return new Uint8Array(Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', new Uint8Array())]));
}

/** A tiny real PNG whose header claims w×h pixels (the data stays 1×1): a bomb by declaration. */
export async function liarPng(w: number, h: number): Promise<Uint8Array> {
  const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } }).png().toBuffer());
  png.writeUInt32BE(w, 16);
  png.writeUInt32BE(h, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return new Uint8Array(png);
}

/** A tiny real JPEG whose frame header claims w×h pixels. */
export async function liarJpeg(w: number, h: number): Promise<Uint8Array> {
  const jpeg = Buffer.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).jpeg().toBuffer());
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(h, sof + 5);
  jpeg.writeUInt16BE(w, sof + 7);
  return new Uint8Array(jpeg);
}

/** A real photo-like JPEG and PNG (noise, so they compress badly), to cut short. */
export async function realImages(): Promise<{ jpeg: Uint8Array; png: Uint8Array }> {
  const img = () => sharp({ create: { width: 320, height: 240, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } } });
  return { jpeg: new Uint8Array(await img().jpeg().toBuffer()), png: new Uint8Array(await img().png().toBuffer()) };
}
