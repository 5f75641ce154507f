/**
 * The OCR fixture set: odometers, receipts and cash slips drawn with sharp (SVG through librsvg and
 * pango, with the system fonts), then worn like phone photos: blur, small rotations, dark, washed-out
 * and uneven light, JPEG; some inside a larger photo with the capture dialog's crop box as `roi`, some
 * stored sideways with an EXIF orientation. A seeded generator picks every value and jitter, so a run
 * rewrites the committed files byte for byte (with the same sharp).
 * Usage: bun scripts/ocr-fixtures.ts   (writes test/fixtures/ocr/*.png|jpg and manifest.json)
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Currency } from '../src/shared/money';
import type { OcrImageType, OcrRoi } from '../src/shared/schemas/ocr';
import { drums, paper, printedDigits, scene, sevenSegment, wear, type Drawing, type Wear } from '../test/fixtures/ocr/draw';
import { FIXTURES_DIR, type FixtureTruth, type OcrFixture } from '../test/fixtures/ocr/manifest';
import { between, int, pick, SEED, signed } from '../test/fixtures/ocr/random';
import { arabicCashLines, arabicDigits, arabicReceiptLines, cashLines, receiptLines, type ReceiptSpec } from '../test/fixtures/ocr/texts';

const fixtures: OcrFixture[] = [];
const counters: Record<string, number> = {};

interface Save {
  prefix: 'odo' | 'receipt' | 'cash';
  imageType: OcrImageType;
  truth: FixtureTruth;
  description: string;
  roi?: OcrRoi;
  format: 'png' | 'jpg';
  /** Store the pixels a quarter turn counter-clockwise with EXIF Orientation 6, as phones do. */
  sideways?: boolean;
}

async function save(image: Buffer, s: Save) {
  counters[s.prefix] = (counters[s.prefix] ?? 0) + 1;
  const file = `${s.prefix}-${String(counters[s.prefix]).padStart(2, '0')}.${s.format}`;
  let out = sharp(image);
  if (s.sideways) out = sharp(await sharp(image).rotate(270).png().toBuffer()).withMetadata({ orientation: 6 });
  const bytes = s.format === 'png' ? await out.png({ compressionLevel: 9, palette: true, colours: 64 }).toBuffer() : await out.jpeg({ quality: 72, mozjpeg: true }).toBuffer();
  writeFileSync(join(FIXTURES_DIR, file), bytes);
  fixtures.push({ file, imageType: s.imageType, truth: s.truth, ...(s.roi ? { roi: s.roi } : {}), description: s.description });
}

const odoType = () => pick(['start_odometer', 'end_odometer'] as const);

/** An odometer reading with the counter's leading zeros, and its value in km. */
function reading(digits = 6): { shown: string; km: number } {
  const km = int(10 ** (digits - 3), 10 ** digits - 1);
  return { shown: String(km).padStart(digits, '0'), km };
}

async function odometers() {
  const plain: [string, string, string, boolean, Wear, string][] = [
    ['DejaVu Sans Mono', '#111', '#fff', false, {}, 'black on white, clean'],
    ['Liberation Mono', '#111', '#f4f4f0', true, { blur: 1.2 }, 'black on white, bold, blurred'],
    ['Nimbus Sans', '#151515', '#fafafa', false, { rotate: signed(3, 8) }, 'proportional sans, rotated'],
    ['Noto Mono', '#1a1a1a', '#ffffff', false, { light: 'gradient' }, 'shadow across the digits'],
    ['Liberation Sans', '#101010', '#eeeeee', true, { light: 'bright', blur: 0.8 }, 'washed out, slight blur'],
    ['URW Gothic', '#222', '#fff', false, { light: 'dark' }, 'dark photo'],
    ['DejaVu Sans Mono', '#f2f2f2', '#0b0b0b', true, {}, 'white on black LCD'],
    ['Liberation Mono', '#e8f0ff', '#10141a', false, { rotate: signed(3, 8), blur: 1 }, 'white on black, rotated and blurred'],
    ['Nimbus Mono PS', '#ffffff', '#000000', true, { light: 'spot' }, 'white on black, uneven light'],
    ['DejaVu Sans', '#9ef', '#050a10', false, { blur: 1.5, rotate: signed(3, 6) }, 'blue backlit, blurred, rotated'],
    ['DejaVu Sans Mono', '#111', '#fff', false, { scale: 0.33 }, 'tiny crop (digits ~20 px high)'],
    ['Liberation Sans', '#111', '#f8f8f8', true, { scale: 2.4, blur: 2.5 }, 'very large and soft'],
  ];
  for (const [font, fg, bg, bold, w, what] of plain) {
    const r = reading(pick([5, 6, 6, 6]));
    const size = int(56, 84);
    await save(await wear(printedDigits(r.shown, font, size, fg, bg, bold), w), {
      prefix: 'odo', imageType: odoType(), truth: { km: r.km }, format: 'png', description: `${font} ${size}px, ${what}`,
    });
  }
  const segments: [string, string, string | null, Wear, string][] = [
    ['#7dff5a', '#07110a', null, { blur: 1.2 }, 'green LED 7-segment'],
    ['#ffb13b', '#120a02', null, { blur: 1.5, rotate: signed(3, 6) }, 'amber LED 7-segment, rotated'],
    ['#1d1f1b', '#a9b59a', '#9fab90', { blur: 1 }, 'reflective LCD 7-segment with faint unlit segments'],
    ['#202020', '#c8ccc0', null, { light: 'gradient', blur: 1 }, 'LCD 7-segment in shadow'],
    ['#e9f6ff', '#04080c', null, { blur: 2, light: 'dark' }, 'white LED 7-segment, dark'],
    ['#ff4a3a', '#0a0000', null, { blur: 1.2, rotate: signed(3, 8) }, 'red LED 7-segment, rotated'],
  ];
  for (const [on, bg, off, w, what] of segments) {
    const r = reading(6);
    const h = int(60, 90);
    await save(await wear(sevenSegment(r.shown, h, on, bg, off), w), {
      prefix: 'odo', imageType: odoType(), truth: { km: r.km }, format: 'png', description: `${what}, digits ${h}px`,
    });
  }
  for (const [font, w] of [['DejaVu Sans', { blur: 1 }], ['Liberation Sans', { rotate: signed(3, 6) }], ['Nimbus Sans', { light: 'spot' as const }]] as const) {
    const r = reading(6);
    await save(await wear(drums(r.shown, font, int(60, 80)), w), {
      prefix: 'odo', imageType: odoType(), truth: { km: r.km }, format: 'png', description: `mechanical drums, ${font}`,
    });
  }
  // Inside a dashboard photo, framed by the dialog (a loose crop box).
  const inPhoto: [number, (shown: string) => Drawing, number, number, boolean, string][] = [
    [6, (s) => printedDigits(s, 'DejaVu Sans Mono', 70, '#f4f4f4', '#111', true, 'km'), 1600, 1200, false, 'white-on-black counter with "km" in a 1600×1200 dashboard photo'],
    [6, (s) => sevenSegment(s, 70, '#8cff6a', '#08120b'), 1600, 1200, false, 'green 7-segment in a 1600×1200 dashboard photo'],
    [6, (s) => drums(s, 'Liberation Sans', 72), 2000, 1500, false, 'mechanical drums in a 2000×1500 dashboard photo'],
    [6, (s) => printedDigits(s, 'Liberation Mono', 150, '#eaeaea', '#0d0d0d', true), 4000, 3000, false, 'counter in a 4000×3000 phone photo'],
    [6, (s) => sevenSegment(s, 160, '#1e1e1e', '#b3bda4'), 3000, 4000, true, 'LCD in a 3000×4000 portrait photo stored sideways (EXIF orientation 6)'],
    [5, (s) => printedDigits(s, 'Nimbus Sans', 80, '#fff', '#000'), 1280, 960, true, 'counter in a 1280×960 photo stored sideways (EXIF orientation 6)'],
  ];
  for (const [digits, draw, width, height, sideways, what] of inPhoto) {
    const r = reading(digits);
    const subject = await wear(draw(r.shown), { rotate: signed(2, 5), blur: 1 });
    const { image, roi } = await scene(subject, 'dashboard', width, height, between(0.08, 0.25));
    await save(image, { prefix: 'odo', imageType: odoType(), truth: { km: r.km }, roi, sideways, format: 'jpg', description: what });
  }
  for (const [font, w] of [['DejaVu Sans Mono', {}], ['DejaVu Sans', { blur: 1, rotate: signed(3, 6) }], ['DejaVu Sans Mono', { light: 'gradient' as const }]] as const) {
    const r = reading(6);
    const white = font === 'DejaVu Sans';
    await save(await wear(printedDigits(arabicDigits(r.shown), font, int(64, 80), white ? '#f0f0f0' : '#111', white ? '#0a0a0a' : '#fff', false), w), {
      prefix: 'odo', imageType: odoType(), truth: { km: r.km }, format: 'png', description: `Arabic-Indic digits (${font})`,
    });
  }
}

async function receipts() {
  const flat: [ReceiptSpec, string, Wear, string][] = [
    [{ currency: 'KWD' }, 'DejaVu Sans Mono', {}, 'clean scan'],
    [{ currency: 'KWD', tendered: true }, 'Liberation Mono', { rotate: signed(2, 4) }, 'rotated, cash and change after the total'],
    [{ currency: 'KWD' }, 'Nimbus Mono PS', { blur: 1, light: 'gradient' }, 'shadow across, slight blur'],
    [{ currency: 'KWD', arabicLabels: true }, 'DejaVu Sans', { light: 'bright' }, 'Arabic names, bilingual total, washed out'],
    [{ currency: 'AED' }, 'DejaVu Sans Mono', { blur: 0.8 }, 'VAT 5%, slight blur'],
    [{ currency: 'AED', tendered: true }, 'Liberation Sans', { rotate: signed(2, 4) }, 'VAT, rotated, cash and change'],
    [{ currency: 'AED' }, 'Noto Mono', { light: 'dark' }, 'VAT, dark photo'],
    [{ currency: 'AED', arabicLabels: true }, 'DejaVu Sans', { light: 'spot' }, 'Arabic names, bilingual total, uneven light'],
  ];
  for (const [spec, font, w, what] of flat) {
    const { lines, total } = receiptLines(spec);
    const size = int(22, 30);
    await save(await wear(paper(lines, font, size, int(560, 720)), w), {
      prefix: 'receipt', imageType: 'receipt', truth: { amount: total, currency: spec.currency }, format: w.light || w.blur ? 'jpg' : 'png', description: `${spec.currency} receipt, ${font} ${size}px, ${what}`,
    });
  }
  const photos: [ReceiptSpec, string, number, number, number, boolean, string][] = [
    [{ currency: 'KWD' }, 'DejaVu Sans Mono', 1.3, 1200, 1600, false, 'on a table, 1200×1600 photo'],
    [{ currency: 'AED', tendered: true }, 'Liberation Mono', 2.2, 2250, 3000, false, 'on a table, 2250×3000 photo'],
    [{ currency: 'KWD', arabicLabels: true }, 'DejaVu Sans', 3, 3000, 4000, true, 'on a table, 3000×4000 photo stored sideways (EXIF orientation 6)'],
    [{ currency: 'AED' }, 'Nimbus Mono PS', 1.2, 1280, 1600, false, 'on a table, 1280×1600 photo'],
  ];
  for (const [spec, font, scale, width, height, sideways, what] of photos) {
    const { lines, total } = receiptLines(spec);
    const subject = await wear(paper(lines, font, 24, 620), { scale, rotate: signed(1, 4), blur: scale });
    const { image, roi } = await scene(subject, 'table', width, height, between(0.04, 0.12));
    await save(image, { prefix: 'receipt', imageType: 'receipt', truth: { amount: total, currency: spec.currency }, roi, sideways, format: 'jpg', description: `${spec.currency} receipt ${what}` });
  }
  for (const [c, decimal, w] of [['KWD', '٫', {}], ['AED', '.', { rotate: signed(2, 4), blur: 0.8 }]] as const) {
    const { lines, total } = arabicReceiptLines(c, decimal);
    await save(await wear(paper(lines, 'DejaVu Sans', int(24, 30), 600), w), {
      prefix: 'receipt', imageType: 'receipt', truth: { amount: total, currency: c }, format: 'png', description: `${c} receipt in Arabic with Arabic-Indic digits (decimal mark "${decimal}")`,
    });
  }
}

async function cashSlips() {
  const slips: [Currency, boolean, string, Wear, string][] = [
    ['KWD', true, 'DejaVu Sans Mono', {}, 'clean'],
    ['KWD', false, 'Liberation Sans', { rotate: signed(3, 6) }, 'no currency printed (the rider region decides), rotated'],
    ['AED', true, 'Nimbus Sans', { blur: 1.2, light: 'gradient' }, 'blurred, shadow'],
    ['AED', true, 'Liberation Mono', { light: 'dark' }, 'dark photo'],
    ['KWD', true, 'URW Gothic', { light: 'bright', rotate: signed(2, 5) }, 'washed out, rotated'],
    ['AED', true, 'DejaVu Sans', { light: 'spot' }, 'uneven light'],
  ];
  for (const [c, shown, font, w, what] of slips) {
    const { lines, amount } = cashLines(c, shown);
    const size = int(24, 32);
    await save(await wear(paper(lines, font, size, int(520, 640), '#1c1c3a', '#fffef8'), w), {
      prefix: 'cash', imageType: 'cash', truth: { amount, currency: c }, format: w.light || w.blur ? 'jpg' : 'png', description: `${c} cash slip, ${font} ${size}px, ${what}`,
    });
  }
  for (const [c, decimal, w] of [['KWD', '٫', {}], ['AED', '٫', { blur: 1 }], ['KWD', '.', { rotate: signed(2, 4) }]] as const) {
    const { lines, amount } = arabicCashLines(c, decimal);
    await save(await wear(paper(lines, 'DejaVu Sans', int(26, 32), 560), w), {
      prefix: 'cash', imageType: 'cash', truth: { amount, currency: c }, format: 'png', description: `${c} cash slip in Arabic with Arabic-Indic digits (decimal mark "${decimal}")`,
    });
  }
}

for (const f of readdirSync(FIXTURES_DIR)) if (/\.(png|jpg)$/.test(f)) rmSync(join(FIXTURES_DIR, f));
await odometers();
await receipts();
await cashSlips();
writeFileSync(join(FIXTURES_DIR, 'manifest.json'), `${JSON.stringify({ seed: SEED, fixtures }, null, 2)}\n`);
console.log(`${fixtures.length} fixtures in ${FIXTURES_DIR}`);
