import { afterAll, describe, expect, test } from 'bun:test';
import { toMinor } from '../../shared/money';
import { fixtureBytes, loadManifest, type OcrFixture } from '../../../test/fixtures/ocr/manifest';
import { lowConfidenceFor } from '../services/captures';
import { OCR_WORKERS, shutdownOcr } from './engine';
import { isOdometer, readImage, type ImageReading } from './read';

/**
 * The whole fixture set (test/fixtures/ocr, `bun scripts/ocr-fixtures.ts`) through the real pipeline:
 * preprocessing with the dialog's roi, tesseract.js, the digit reader, parsing. The rider region is
 * Kuwait for every image, so an AED receipt is right only if its currency was read.
 */
const { fixtures } = loadManifest();
const results = new Map<OcrFixture, ImageReading>();

afterAll(() => shutdownOcr());

function expected(f: OcrFixture): string {
  return 'km' in f.truth ? `${f.truth.km} km` : `${toMinor(f.truth.amount, f.truth.currency)} ${f.truth.currency}`;
}

function got(f: OcrFixture, r: ImageReading): string {
  if (!r.reading) return 'nothing';
  return 'km' in f.truth ? `${r.reading.value} km` : `${r.reading.value} ${r.reading.currency}`;
}

/** Share of right readings among the fixtures of a kind, and a line per misread for the failure message. */
function score(kind: (f: OcrFixture) => boolean) {
  const of = fixtures.filter(kind);
  const wrong = of.filter((f) => got(f, results.get(f)!) !== expected(f));
  const lines = wrong.map((f) => `${f.file} (${f.description}): expected ${expected(f)}, got ${got(f, results.get(f)!)} [${results.get(f)!.source}, ${results.get(f)!.confidence.toFixed(0)}]`);
  return { rate: (of.length - wrong.length) / of.length, report: `${of.length - wrong.length}/${of.length} right\n${lines.join('\n')}` };
}

describe('OCR accuracy on the fixture set', () => {
  test(
    'every fixture goes through preprocess → recognise → parse',
    async () => {
      const queue = [...fixtures];
      // As many images at once as the pool has workers, as concurrent uploads would be.
      const lanes = Array.from({ length: OCR_WORKERS }, async () => {
        for (let f = queue.shift(); f; f = queue.shift()) {
          results.set(f, await readImage({ bytes: fixtureBytes(f), imageType: f.imageType, fallbackCurrency: 'KWD', roi: f.roi }));
        }
      });
      await Promise.all(lanes);
      expect(fixtures.length).toBeGreaterThanOrEqual(48);
      expect(results.size).toBe(fixtures.length);
    },
    120_000,
  );

  test('≥ 95 % of odometer readings are exact', () => {
    const { rate, report } = score((f) => isOdometer(f.imageType));
    expect(rate >= 0.95 ? 'ok' : report).toBe('ok');
  });

  test('≥ 90 % of receipt totals are exact, currency included', () => {
    const { rate, report } = score((f) => f.imageType === 'receipt');
    expect(rate >= 0.9 ? 'ok' : report).toBe('ok');
  });

  test('≥ 90 % of cash slip amounts are exact, currency included', () => {
    const { rate, report } = score((f) => f.imageType === 'cash');
    expect(rate >= 0.9 ? 'ok' : report).toBe('ok');
  });

  test('Arabic-Indic digits are read as digits', () => {
    const arabic = fixtures.filter((f) => f.description.includes('Arabic-Indic'));
    expect(arabic.length).toBeGreaterThanOrEqual(4);
    expect(arabic.filter((f) => got(f, results.get(f)!) !== expected(f)).map((f) => f.file)).toEqual([]);
  });

  test('every misread is flagged lowConfidence', () => {
    const unflagged = fixtures.filter((f) => got(f, results.get(f)!) !== expected(f) && results.get(f)!.confidence >= lowConfidenceFor());
    expect(unflagged.map((f) => `${f.file}: ${got(f, results.get(f)!)} at ${results.get(f)!.confidence.toFixed(0)}`)).toEqual([]);
  });
});
