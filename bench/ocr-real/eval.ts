/**
 * OCR on real photos (issue 23): the service's reader (`readImage`, what POST /api/ocr/process runs)
 * over the development or test split of bench/ocr-real/manifest.json, one photo at a time.
 *   bun bench/ocr-real/build.ts            # once: rebuild the photos from their sources (sha256-checked)
 *   bun bench/ocr-real/eval.ts --split test [--only odometer|receipt] [--limit N] [--engine tesseract]
 *     [--ids id,id] [--mode framed] [--guide-scale 2.5] [--out file.jsonl]
 * Odometers are read twice: framed by the capture dialog's guide (a band around the display, as a rider
 * holds it; `guideFrame` below) and from the whole photo. Drums the labeller saw caught mid-roll (a close call between two
 * digits) are scored in rows of their own. Prints exact rates, no-value rates, how often a
 * confident reading is right and how many right readings were flagged, p50/p95 time and the process's
 * memory; writes every reading to data/ocr-real/results-<split>.jsonl.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CONFIDENT } from '../../src/server/ocr/confidence';
import { readImage } from '../../src/server/ocr/read';
import { tesseractRead } from '../../src/server/ocr/tesseract-read';
import { IMG_DIR, loadManifest, type Entry } from './manifest';
import { guideFrame } from './guide';

const { values } = parseArgs({
  options: {
    split: { type: 'string', default: 'dev' },
    only: { type: 'string' },
    limit: { type: 'string' },
    engine: { type: 'string', default: 'service' },
    /** Photo ids, comma-separated: a quick look at a few. */
    ids: { type: 'string' },
    /** `framed`: odometers framed by the guide only (half the time). */
    mode: { type: 'string' },
    /** The guide frame this many times larger around the same centre (how much a wider framing costs). */
    'guide-scale': { type: 'string', default: '1' },
    /** Where the readings go (default data/ocr-real/results-<split>.jsonl). */
    out: { type: 'string' },
  },
});
/** `--engine tesseract`: the reader before issue 23 (tesseract.js and the digit reader only), for the comparison in docs/decisions/011-ocr-engine.md. */
const read: (input: Parameters<typeof readImage>[0]) => Promise<Awaited<ReturnType<typeof readImage>>> = values.engine === 'tesseract' ? tesseractRead : readImage;
const entries = loadManifest()
  .filter((e) => e.split === values.split && (!values.only || e.kind === values.only))
  .filter((e) => !values.ids || values.ids.split(',').includes(e.id))
  .slice(0, values.limit ? Number(values.limit) : undefined);

interface Result {
  id: string;
  condition: 'framed' | 'whole' | 'receipt';
  truth: string;
  got: string | null;
  right: boolean;
  confidence: number;
  confident: boolean;
  ms: number;
  source: string;
  tags: string[];
  midRoll: boolean;
  evidence?: Record<string, number | boolean | string>;
}

const results: Result[] = [];
let peakRss = 0;
const truthOf = (e: Entry) => ('km' in e.label ? String(e.label.km) : Number(e.label.total).toFixed(2));

async function run(e: Entry, condition: Result['condition'], bytes: Uint8Array) {
  const roi = condition === 'framed' && 'km' in e.label && e.label.frame ? guideFrame(e.id, e.label.frame, Number(values['guide-scale'])) : undefined;
  const t0 = performance.now();
  const r = await read({ bytes, imageType: e.kind === 'odometer' ? 'start_odometer' : 'receipt', fallbackCurrency: 'KWD', roi });
  const ms = performance.now() - t0;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const got = !r.reading ? null : e.kind === 'odometer' ? String(r.reading.value) : Number(r.reading.fields.amount).toFixed(2);
  const truth = truthOf(e);
  results.push({ id: e.id, condition, truth, got, right: got === truth, confidence: r.confidence, confident: r.confidence >= CONFIDENT, ms, source: r.source, tags: e.tags, midRoll: 'km' in e.label && e.label.midRoll === true, ...(r.evidence ? { evidence: r.evidence } : {}) });
}

for (const e of entries) {
  const bytes = new Uint8Array(readFileSync(join(IMG_DIR, e.file)));
  if (e.kind === 'odometer') {
    if ('km' in e.label && e.label.frame) await run(e, 'framed', bytes);
    if (values.mode !== 'framed') await run(e, 'whole', bytes);
  } else await run(e, 'receipt', bytes);
  const last = results.at(-1)!;
  if (!last.right) console.error(`  ${last.condition} ${e.id}: truth ${last.truth}, got ${last.got} (${last.confidence})`);
}

mkdirSync(join(IMG_DIR, '..'), { recursive: true });
writeFileSync(values.out ?? join(IMG_DIR, '..', `results-${values.split}${values.engine === 'tesseract' ? '-tesseract' : ''}.jsonl`), results.map((r) => JSON.stringify(r)).join('\n') + '\n');

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
const share = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '–');
console.log(`\nOCR on real photos, ${values.split} split (${entries.length} photos)\n`);
console.log('| set | n | exact | no value | confident: right | right flagged | p50 ms | p95 ms |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [name, cond, midRoll] of [
  ['odometer, framed by the guide', 'framed', false],
  ['odometer, whole photo', 'whole', false],
  ['receipt total', 'receipt', false],
  ['odometer mid-roll (close calls), framed', 'framed', true],
  ['odometer mid-roll (close calls), whole photo', 'whole', true],
] as const) {
  const rs = results.filter((r) => r.condition === cond && r.midRoll === midRoll);
  if (!rs.length) continue;
  const right = rs.filter((r) => r.right).length;
  const none = rs.filter((r) => r.got === null).length;
  const conf = rs.filter((r) => r.confident);
  const confRight = conf.filter((r) => r.right).length;
  const flaggedRight = rs.filter((r) => r.right && !r.confident).length;
  console.log(
    `| ${name} | ${rs.length} | ${share(right, rs.length)} (${right}) | ${share(none, rs.length)} | ${share(confRight, conf.length)} (${confRight}/${conf.length}) | ${share(flaggedRight, right)} | ${pct(rs.map((r) => r.ms), 50).toFixed(0)} | ${pct(rs.map((r) => r.ms), 95).toFixed(0)} |`,
  );
}
const all = results.map((r) => r.ms);
console.log(`\nall photos: p50 ${pct(all, 50).toFixed(0)} ms, p95 ${pct(all, 95).toFixed(0)} ms; peak RSS ${(peakRss / 1e6).toFixed(0)} MB (one PP-OCR instance and the Tesseract pools in this process)`);
process.exit(0);
