/**
 * The committed real photos (test/fixtures/ocr-real): the test split of the one source whose licence
 * allows it (softmatic/vision-data, CC-BY-4.0, Softmatic GmbH), scaled to 2000 px on the long side and
 * re-encoded (JPEG q85, EXIF dropped) to keep the repository small. The suite's accuracy gate reads them
 * (src/server/ocr/real-accuracy.test.ts). Run after bench/ocr-real/build.ts: `bun bench/ocr-real/commit-fixtures.ts`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { IMG_DIR, loadManifest } from './manifest';
import { sourceById } from './sources';

const OUT = join(import.meta.dir, '..', '..', 'test', 'fixtures', 'ocr-real');
mkdirSync(OUT, { recursive: true });
const picked = loadManifest().filter((e) => e.split === 'test' && sourceById(e.source).committable);
const fixtures = [];
for (const e of picked) {
  const file = `${e.id}.jpg`;
  await sharp(readFileSync(join(IMG_DIR, e.file)))
    .rotate()
    .resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toFile(join(OUT, file));
  fixtures.push({ id: e.id, file, source: `${sourceById(e.source).repo}@${sourceById(e.source).commit}:${e.path}`, sha256OfOriginal: e.sha256, label: e.label, tags: e.tags });
}
writeFileSync(join(OUT, 'manifest.json'), `${JSON.stringify(fixtures, null, 1)}\n`);
console.log(`${fixtures.length} photos in ${OUT}`);
