import { expect, test } from 'bun:test';
import type { TextLine } from './paddle/recognize';
import { receiptRows } from './receipt-rows';

const piece = (text: string, cx: number, cy: number, w: number, h = 20, angle = 0): TextLine => ({ text, chars: [], confidence: 0.99, box: { cx, cy, w, h, angle, score: 0.9 } });

test('pieces of one printed row join left to right; rows come top to bottom', () => {
  const rows = receiptRows([piece('51.90', 600, 100, 60), piece('SUB TOTAL:', 150, 98, 120), piece('TOTAL:', 140, 140, 80), piece('$56.58', 600, 142, 70)]);
  expect(rows.map((r) => r.text)).toEqual(['SUB TOTAL:  51.90', 'TOTAL:  $56.58']);
});

test('a curled receipt: each row is followed along its own slant, so the amount is not taken from the next row', () => {
  // The label slants down 0.05 rad; its amount 450 px to the right sits 22 px lower, closer to the next label's height.
  const rows = receiptRows([
    piece('Sub-total', 150, 100, 200, 20, 0.05),
    piece('152.00', 600, 122, 80, 20, 0.05),
    piece('Sales Tax', 150, 130, 200, 20, 0.05),
    piece('0.00', 600, 152, 60, 20, 0.05),
    // the flat part of the page below sets the page's median slant to 0
    piece('Thank you for dining', 300, 300, 400),
    piece('Please come again', 300, 340, 400),
    piece('Tell us how we did', 300, 380, 400),
  ]);
  expect(rows.map((r) => r.text).slice(0, 2)).toEqual(['Sub-total  152.00', 'Sales Tax  0.00']);
});
