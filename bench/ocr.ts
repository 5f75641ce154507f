/**
 * OCR on the fixture set (test/fixtures/ocr): our pipeline (sharp preprocessing, tesseract.js worker
 * pool, digit reader, parse.ts) against the native Tesseract CLI given the same preprocessed image
 * (written to a temp file), the same traineddata and the same reading and parsing around it. One image
 * at a time, after a warm-up. Prints throughput, median and p95 latency and accuracy per engine, the
 * ratios, and how many right and wrong readings each LOW_CONFIDENCE candidate would flag.
 * Usage: bun bench/ocr.ts [--stress] [--tuning '{"pageMaxSide":1600}']
 *   --stress  also reads every fixture blurred, halved and saved as a poor JPEG (ours only) for the sweep
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { toMinor } from '../src/shared/money';
import { langPath, OCR_LANGS, recognize, shutdownOcr, type OcrWord, type Recognizer } from '../src/server/ocr/engine';
import { TUNING } from '../src/server/ocr/preprocess';
import { isOdometer, tesseractRead as readImage, type ImageReading } from '../src/server/ocr/tesseract-read';
/** The Tesseract-only thresholds this bench tuned before PP-OCR (issue 23 replaced them in the service with ocr/confidence.ts). */
const LOW_CONFIDENCE = { odometer: 30, money: 80 } as const;
import { fixtureBytes, loadManifest, type OcrFixture } from '../test/fixtures/ocr/manifest';

const CLI = '/usr/bin/tesseract';
const { values: args } = parseArgs({ options: { stress: { type: 'boolean', default: false }, tuning: { type: 'string', default: '{}' } } });
const tuning = { ...TUNING, ...(JSON.parse(args.tuning) as Partial<typeof TUNING>) };
const tmp = mkdtempSync(join(tmpdir(), 'kwt-bench-ocr-'));

/** The CLI with the npm packages' traineddata (unzipped once), so both engines run the same models. */
function cliRecognizer(): Recognizer {
  const tessdata = join(tmp, 'tessdata');
  mkdirSync(tessdata);
  for (const lang of OCR_LANGS) writeFileSync(join(tessdata, `${lang}.traineddata`), gunzipSync(readFileSync(join(langPath(lang), `${lang}.traineddata.gz`))));
  let n = 0;
  return async (image, opts) => {
    const file = join(tmp, `img-${n++}.png`);
    writeFileSync(file, image);
    const mode = opts.digitsOnly ? ['--psm', '7', '-c', 'tessedit_char_whitelist=0123456789'] : ['--psm', '6'];
    const tsv = execFileSync(CLI, [file, 'stdout', '--tessdata-dir', tessdata, '-l', opts.lang ?? 'eng', '--dpi', '300', ...mode, '-c', 'tessedit_create_tsv=1'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return fromTsv(tsv);
  };
}

/** Words, lines and the mean word confidence from Tesseract's TSV (level 5 rows are words). */
function fromTsv(tsv: string) {
  const lines = new Map<string, OcrWord[]>();
  const confs: number[] = [];
  for (const row of tsv.split('\n').slice(1)) {
    const c = row.split('\t');
    if (c[0] !== '5' || !c[11]?.trim()) continue;
    const [left, top, width, height, conf] = [6, 7, 8, 9, 10].map((i) => Number(c[i]));
    const key = `${c[2]}.${c[3]}.${c[4]}`;
    lines.set(key, [...(lines.get(key) ?? []), { text: c[11], x0: left!, y0: top!, x1: left! + width!, y1: top! + height! }]);
    if (conf! >= 0) confs.push(conf!);
  }
  const words = [...lines.values()];
  return { text: words.map((l) => l.map((w) => w.text).join(' ')).join('\n'), confidence: confs.length ? confs.reduce((a, b) => a + b, 0) / confs.length : 0, lines: words };
}

const kind = (f: OcrFixture) => (isOdometer(f.imageType) ? 'odometer' : f.imageType);

function isRight(f: OcrFixture, r: ImageReading): boolean {
  if (!r.reading) return false;
  if ('km' in f.truth) return r.reading.value === f.truth.km;
  return r.reading.currency === f.truth.currency && r.reading.value === toMinor(f.truth.amount, f.truth.currency);
}

interface Run {
  f: OcrFixture;
  /** The degraded copy (--stress) rather than the fixture itself. */
  stressed: boolean;
  ms: number;
  right: boolean;
  confidence: number;
}

async function runAll(fixtures: OcrFixture[], recognizer: Recognizer, bytesOf: (f: OcrFixture) => Promise<Uint8Array>, stressed = false): Promise<{ runs: Run[]; wallMs: number }> {
  const runs: Run[] = [];
  const start = performance.now();
  for (const f of fixtures) {
    const bytes = await bytesOf(f);
    const t0 = performance.now();
    const r = await readImage({ bytes, imageType: f.imageType, fallbackCurrency: 'KWD', roi: f.roi }, recognizer, tuning);
    runs.push({ f, stressed, ms: performance.now() - t0, right: isRight(f, r), confidence: r.confidence });
  }
  return { runs, wallMs: performance.now() - start };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

function summary(name: string, { runs, wallMs }: { runs: Run[]; wallMs: number }) {
  const ms = runs.map((r) => r.ms);
  const acc = (k: string) => {
    const of = runs.filter((r) => kind(r.f) === k);
    return `${of.filter((r) => r.right).length}/${of.length} (${((100 * of.filter((r) => r.right).length) / of.length).toFixed(1)} %)`;
  };
  return {
    name,
    perSecond: runs.length / (wallMs / 1000),
    median: pct(ms, 50),
    p95: pct(ms, 95),
    line: `| ${name} | ${(runs.length / (wallMs / 1000)).toFixed(2)} | ${pct(ms, 50).toFixed(0)} ms | ${pct(ms, 95).toFixed(0)} ms | ${acc('odometer')} | ${acc('receipt')} | ${acc('cash')} |`,
  };
}

/** How many right and wrong readings each candidate threshold would flag (confidence below it), odometers and money apart. */
function sweep(runs: Run[]) {
  const odo = runs.filter((r) => isOdometer(r.f.imageType));
  const money = runs.filter((r) => !isOdometer(r.f.imageType));
  const cell = (rs: Run[], t: number) => `${rs.filter((r) => !r.right && r.confidence < t).length}/${rs.filter((r) => !r.right).length} | ${rs.filter((r) => r.right && r.confidence < t).length}/${rs.filter((r) => r.right).length}`;
  console.log(`\nLOW_CONFIDENCE sweep over ${runs.length} readings (now ${JSON.stringify(LOW_CONFIDENCE)}): wrong flagged | right flagged`);
  console.log('| threshold | odometers wrong | odometers right | money wrong | money right |\n| ---: | ---: | ---: | ---: | ---: |');
  for (const t of [10, 20, 30, 40, 50, 60, 70, 80, 90]) console.log(`| ${t} | ${cell(odo, t)} | ${cell(money, t)} |`);
  console.log(`wrong readings (confidence): ${runs.filter((r) => !r.right).map((r) => `${r.stressed ? 'stressed ' : ''}${r.f.file} (${r.confidence.toFixed(0)})`).join(', ') || 'none'}`);
}

/** A harder copy of a fixture: blurred, half the size, JPEG quality 35. */
async function stressed(f: OcrFixture): Promise<Uint8Array> {
  const bytes = fixtureBytes(f);
  const { autoOrient } = await sharp(bytes).metadata();
  return new Uint8Array(await sharp(bytes).autoOrient().resize({ width: Math.max(1, Math.round(autoOrient.width / 2)) }).blur(1.2).jpeg({ quality: 35 }).toBuffer());
}

const { fixtures } = loadManifest();
const plain = async (f: OcrFixture) => fixtureBytes(f);
// Warm-up: start both worker pools and draw the digit templates before timing.
for (const f of [fixtures.find((x) => isOdometer(x.imageType))!, fixtures.find((x) => x.file.startsWith('receipt-13'))!]) await runAll([f], recognize, plain);

const ours = await runAll(fixtures, recognize, plain);
const rows = [summary('tesseract.js (ours)', ours)];
if (existsSync(CLI)) {
  const cli = cliRecognizer();
  await runAll([fixtures[0]!], cli, plain);
  rows.push(summary('tesseract CLI 5.3', await runAll(fixtures, cli, plain)));
} else console.log(`${CLI} is not installed: only our pipeline is measured.`);

console.log(`${fixtures.length} fixtures, one at a time; tuning ${JSON.stringify(tuning)}\n`);
console.log('| engine | images/s | median | p95 | odometers | receipts | cash |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) console.log(r.line);
const [a, b] = rows;
if (a && b) console.log(`\nours / CLI: throughput ${(a.perSecond / b.perSecond).toFixed(2)}×, median latency ${(a.median / b.median).toFixed(2)}×, p95 latency ${(a.p95 / b.p95).toFixed(2)}×`);
const failures = ours.runs.filter((r) => !r.right).map((r) => r.f.file);
console.log(`our misreads: ${failures.join(', ') || 'none'}`);
sweep(args.stress ? [...ours.runs, ...(await runAll(fixtures, recognize, stressed, true)).runs] : ours.runs);

await shutdownOcr();
rmSync(tmp, { recursive: true, force: true });
