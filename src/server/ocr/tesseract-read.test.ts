import { describe, expect, test } from 'bun:test';
import sharp from 'sharp';
import type { OcrOptions, Recognized, Recognizer } from './engine';
import { tesseractRead } from './tesseract-read';

/** A white page (1000 px wide: preprocessing keeps its size) with text drawn at known places. */
async function page(items: { text: string; x: number; y: number; size: number }[], height = 300) {
  const body = items.map((t) => `<text x="${t.x}" y="${t.y}" font-family="DejaVu Sans" font-size="${t.size}" fill="#111">${t.text}</text>`).join('');
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${body}</svg>`))
    .png()
    .toBuffer();
}

/** A recognizer that answers per language from a table and records the calls. */
function fake(answers: Partial<Record<'eng' | 'ara', Recognized>>) {
  const calls: OcrOptions[] = [];
  const recognizer: Recognizer = async (_image, opts) => {
    calls.push(opts);
    return answers[opts.lang ?? 'eng'] ?? { text: '', confidence: 0 };
  };
  return { recognizer, calls };
}

describe('tesseractRead', () => {
  test('a confident English reading stands alone', async () => {
    const { recognizer, calls } = fake({ eng: { text: '084512', confidence: 96 } });
    const r = await tesseractRead({ bytes: await page([{ text: '084512', x: 100, y: 200, size: 90 }], 260), imageType: 'start_odometer', fallbackCurrency: 'KWD' }, recognizer);
    expect(r).toMatchObject({ source: 'eng', reading: { value: 84512 } });
    expect(calls).toEqual([{ digitsOnly: true, lang: 'eng' }]);
  });

  test('an unsure English odometer reading goes to the digit reader (Arabic-Indic digits)', async () => {
    const { recognizer } = fake({ eng: { text: '1111', confidence: 12 } });
    const r = await tesseractRead({ bytes: await page([{ text: '٨٤٥١٢', x: 100, y: 200, size: 90 }], 260), imageType: 'end_odometer', fallbackCurrency: 'KWD' }, recognizer);
    expect(r).toMatchObject({ source: 'digits', reading: { value: 84512 } });
  });

  test('a receipt: the Arabic pass finds the words, the digit reader re-reads the amount (its box too narrow)', async () => {
    const bytes = await page([
      { text: 'المجموع', x: 700, y: 150, size: 48 },
      { text: '١٢٫٥٠٠ د.ك', x: 100, y: 150, size: 48 },
    ]);
    const { recognizer, calls } = fake({
      eng: { text: 'gl.x Sao ,YA', confidence: 21 },
      ara: {
        text: 'المجموع 19 د.ك',
        confidence: 70,
        lines: [
          [
            { text: 'المجموع', x0: 700, y0: 112, x1: 880, y1: 162 },
            { text: '19', x0: 140, y0: 112, x1: 250, y1: 162 },
            { text: 'د.ك', x0: 270, y0: 112, x1: 340, y1: 162 },
          ],
        ],
      },
    });
    const r = await tesseractRead({ bytes, imageType: 'receipt', fallbackCurrency: 'AED' }, recognizer);
    expect(calls.map((c) => c.lang)).toEqual(['eng', 'ara']);
    expect(r).toMatchObject({ source: 'ara', reading: { value: 12500, currency: 'KWD' } });
  });

  test('nothing readable anywhere: no reading', async () => {
    const { recognizer } = fake({});
    const r = await tesseractRead({ bytes: await page([]), imageType: 'cash', fallbackCurrency: 'KWD' }, recognizer);
    expect(r.reading).toBeNull();
  });
});
