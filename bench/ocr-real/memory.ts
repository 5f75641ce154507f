/**
 * What one PP-OCR instance costs a process (issue 23, item 6): RSS before loading, after loading the
 * detection and recognition sessions, and after reading photos (its arenas grown), then what the
 * Tesseract pools (English, Arabic) add when they start. One instance per process: `paddleModels()` is
 * created once and shared, and runs are queued one at a time.
 *   bun bench/ocr-real/memory.ts [--photos 20]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { recognize } from '../../src/server/ocr/engine';
import { paddleModels } from '../../src/server/ocr/paddle/models';
import { readImage } from '../../src/server/ocr/read';
import { IMG_DIR, loadManifest } from './manifest';

const { values } = parseArgs({ options: { photos: { type: 'string', default: '20' } } });
const mb = () => Math.round(process.memoryUsage().rss / 1e6);
const before = mb();
const t0 = performance.now();
const a = await paddleModels();
const b = await paddleModels();
const loadMs = performance.now() - t0;
const loaded = mb();
let peak = loaded;
const photos = loadManifest().filter((e) => e.split === 'dev').slice(0, Number(values.photos));
for (const e of photos) {
  await readImage({ bytes: new Uint8Array(readFileSync(join(IMG_DIR, e.file))), imageType: e.kind === 'odometer' ? 'start_odometer' : 'receipt', fallbackCurrency: 'KWD' });
  peak = Math.max(peak, mb());
}
const afterPaddle = mb();
await recognize(new Uint8Array(readFileSync(join(IMG_DIR, photos[0]!.file))), { lang: 'ara' });
const withTesseract = mb();
console.log(`same instance on a second call: ${a === b}`);
console.log(`RSS before ${before} MB; PP-OCR loaded in ${loadMs.toFixed(0)} ms: ${loaded} MB (+${loaded - before}); after ${photos.length} photos ${afterPaddle} MB, peak ${peak} MB; with the Tesseract pools started ${withTesseract} MB`);
process.exit(0);
