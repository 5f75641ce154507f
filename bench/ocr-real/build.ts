/**
 * Rebuild the real-photo set (data/ocr-real/img) from its sources, as bench/ocr-real/manifest.json pins
 * them: `git show <commit>:<path>` from a mirror of each repository, checked against the manifest's
 * sha256. Mirrors: $OCR_REAL_MIRRORS/<owner>+<name>/repo (default /work/.mirror), or pass --clone to
 * clone them from GitHub into data/ocr-real/mirrors first (needs network access to github.com).
 *   bun bench/ocr-real/build.ts [--clone]
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { IMG_DIR, loadManifest } from './manifest';
import { mirrorOf, SOURCES } from './sources';

const { values } = parseArgs({ options: { clone: { type: 'boolean', default: false } } });
if (values.clone) {
  const root = join(IMG_DIR, '..', 'mirrors');
  process.env.OCR_REAL_MIRRORS = root;
  for (const s of SOURCES) {
    const dir = mirrorOf(s);
    if (!existsSync(dir)) execFileSync('git', ['clone', '--bare', `https://github.com/${s.repo}.git`, dir], { stdio: 'inherit' });
  }
}

mkdirSync(IMG_DIR, { recursive: true });
let ok = 0;
const bad: string[] = [];
for (const e of loadManifest()) {
  const s = SOURCES.find((x) => x.id === e.source)!;
  const bytes = execFileSync('git', ['-C', mirrorOf(s), 'show', `${s.commit}:${e.path}`], { maxBuffer: 64 << 20 });
  const sum = createHash('sha256').update(bytes).digest('hex');
  if (sum !== e.sha256) {
    bad.push(`${e.id}: sha256 ${sum} ≠ ${e.sha256}`);
    continue;
  }
  writeFileSync(join(IMG_DIR, e.file), bytes);
  ok++;
}
console.log(`rebuilt ${ok} photos in ${IMG_DIR}${bad.length ? `; ${bad.length} did not match:\n${bad.join('\n')}` : ''}`);
process.exit(bad.length ? 1 : 0);
