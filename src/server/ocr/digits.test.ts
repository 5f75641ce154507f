import { describe, expect, test } from 'bun:test';
import sharp from 'sharp';
import { readDigits } from './digits';
import type { Grey } from './glyphs';

/** One line of text drawn dark on white, as grey pixels. */
async function line(text: string, font = 'DejaVu Sans'): Promise<Grey> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${60 + text.length * 52}" height="110"><rect width="100%" height="100%" fill="#fff"/><text x="30" y="78" font-family="${font}" font-size="64" fill="#111">${text}</text></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, px: data };
}

describe('readDigits', () => {
  test('Arabic-Indic digits, the zero being a small dot', async () => {
    const r = await readDigits(await line('١٢٣٤٥٦٧٨٩٠'), { decimals: false });
    expect(r).toMatchObject({ text: '1234567890', rejected: false, arabic: true });
  });

  test('with decimals, ٫ and a baseline dot are decimal marks', async () => {
    expect((await readDigits(await line('١٢٫٥٠٠'), { decimals: true }))?.text).toBe('12.500');
    expect((await readDigits(await line('45.25'), { decimals: true }))?.text).toBe('45.25');
  });

  test('Latin digits in a mono font; groups split by wide gaps', async () => {
    const r = await readDigits(await line('084  512', 'DejaVu Sans Mono'), { decimals: false });
    expect(r?.groups.map((g) => g.text)).toEqual(['084', '512']);
  });

  test('letters are rejected, not read as digits', async () => {
    const r = await readDigits(await line('TOTAL'), { decimals: true });
    expect(r === null || r.rejected).toBe(true);
  });

  test('an empty region has no digits', async () => {
    expect(await readDigits({ width: 50, height: 20, px: new Uint8Array(1000).fill(255) }, { decimals: false })).toBeNull();
  });
});
