import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import sharp from 'sharp';

/**
 * Pictures for Chromium's fake camera (`--use-file-for-fake-video-capture`): drawn with sharp
 * (Pango text) and written as a one-frame Y4M, which Chromium loops. One file per browser launch.
 */
export const CAMERA_SIZE = { width: 1280, height: 720 } as const;

export const fakeCameraArgs = (file: string) => ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`];

/** Black digits on white in the middle of the frame, small enough to sit inside the guide frame on a phone. */
export function odometerPicture(digits: string): Promise<Buffer> {
  const { width, height } = CAMERA_SIZE;
  return sharp({ create: { width, height, channels: 3, background: '#f4f4f0' } })
    .composite([
      { input: { text: { text: `<span foreground="#111111">${digits}</span>`, font: 'DejaVu Sans Mono Bold 64', rgba: true, dpi: 96 } }, gravity: 'centre' },
    ])
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** A plain, even picture: nothing a reader could take for a number. */
export function blankPicture(): Promise<Buffer> {
  const { width, height } = CAMERA_SIZE;
  return sharp({ create: { width, height, channels: 3, background: '#d8d8d8' } }).raw().toBuffer();
}

/** RGB (8-bit, width × height × 3) → a one-frame YUV 4:2:0 Y4M (BT.601 full range, 'C420jpeg'). */
export function writeY4m(file: string, rgb: Buffer, { width, height } = CAMERA_SIZE): void {
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * 3;
      y[row * width + col] = clamp(0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!);
    }
  }
  for (let row = 0; row < height; row += 2) {
    for (let col = 0; col < width; col += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dr, dc] of [[0, 0], [0, 1], [1, 0], [1, 1]] as const) {
        const i = ((row + dr) * width + col + dc) * 3;
        r += rgb[i]!;
        g += rgb[i + 1]!;
        b += rgb[i + 2]!;
      }
      [r, g, b] = [r / 4, g / 4, b / 4];
      const k = (row / 2) * (width / 2) + col / 2;
      u[k] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      v[k] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`), Buffer.from('FRAME\n'), y, u, v]));
}
