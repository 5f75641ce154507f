import type { TextLine } from './paddle/recognize';

/** One printed row of a receipt: its pieces left to right (a label, dots, an amount) as the detector found them apart. */
export interface Row {
  cells: TextLine[];
  text: string;
  /** Height of the row's text in pixels (the median of its cells). */
  height: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * Put the detector's pieces back into printed rows. Paper curls and photos slant, so a row is followed
 * piece by piece from left to right: the next piece belongs to a row when it sits where the row's
 * last piece, continued along its own slant, would be (within 0.45 of the text's height).
 */
export function receiptRows(lines: TextLine[]): Row[] {
  const cells = lines.filter((l) => l.text.trim()).sort((a, b) => a.box.cx - a.box.w / 2 - (b.box.cx - b.box.w / 2));
  if (!cells.length) return [];
  const pageSlant = median(cells.filter((l) => l.box.w > 3 * l.box.h).map((l) => l.box.angle));
  const rows: TextLine[][] = [];
  for (const c of cells) {
    let best: { row: TextLine[]; d: number } | null = null;
    for (const row of rows) {
      const last = row.at(-1)!;
      if (c.box.cx - c.box.w / 2 < last.box.cx + last.box.w / 2 - 0.5 * last.box.h) continue;
      const slant = Math.abs(last.box.angle) < 0.35 && last.box.w > 2 * last.box.h ? last.box.angle : pageSlant;
      const predicted = last.box.cy + Math.tan(slant) * (c.box.cx - last.box.cx);
      const d = Math.abs(c.box.cy - predicted) / Math.min(last.box.h, c.box.h);
      if (d < 0.45 && (!best || d < best.d)) best = { row, d };
    }
    if (best) best.row.push(c);
    else rows.push([c]);
  }
  const rowY = (r: TextLine[]) => r[0]!.box.cy - Math.tan(pageSlant) * r[0]!.box.cx;
  return rows
    .sort((a, b) => rowY(a) - rowY(b))
    .map((r) => ({ cells: r, text: r.map((c) => c.text.trim()).join('  '), height: median(r.map((c) => c.box.h)) }));
}
