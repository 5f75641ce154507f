/**
 * Glyphs of a line of digits, for the digit reader (ocr/digits.ts): ink by Otsu's threshold,
 * connected components, components stacked above each other joined into one glyph (the segments
 * of a 7-segment digit), and a small shape descriptor per glyph.
 */

/** A greyscale region: dark ink on a light background, one byte per pixel. */
export interface Grey {
  width: number;
  height: number;
  px: Uint8Array;
}

export interface Glyph {
  x0: number;
  y0: number;
  /** Exclusive. */
  x1: number;
  y1: number;
  /** Ink of the glyph's box, 1 = ink, row by row. */
  mask: Uint8Array;
}

/** Otsu's threshold: the grey level that best splits the histogram in two. */
export function otsu(px: Uint8Array): number {
  const hist = new Array<number>(256).fill(0);
  for (const v of px) hist[v]!++;
  const total = px.length;
  let sumAll = 0;
  for (let i = 0; i < 256; i++) sumAll += i * hist[i]!;
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 127;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (!wB || wB === total) continue;
    sumB += t * hist[t]!;
    const mB = sumB / wB;
    const mF = (sumAll - sumB) / (total - wB);
    const between = wB * (total - wB) * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

interface Component {
  label: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  area: number;
}

/** 8-connected components of the ink, by flood fill. */
function components(ink: Uint8Array, width: number, height: number): { labels: Int32Array; comps: Component[] } {
  const labels = new Int32Array(ink.length);
  const comps: Component[] = [];
  const stack: number[] = [];
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || labels[start]) continue;
    const c: Component = { label: comps.length + 1, x0: width, y0: height, x1: 0, y1: 0, area: 0 };
    labels[start] = c.label;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      c.area++;
      c.x0 = Math.min(c.x0, x);
      c.y0 = Math.min(c.y0, y);
      c.x1 = Math.max(c.x1, x + 1);
      c.y1 = Math.max(c.y1, y + 1);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const j = ny * width + nx;
          if (ink[j] && !labels[j]) {
            labels[j] = c.label;
            stack.push(j);
          }
        }
      }
    }
    comps.push(c);
  }
  return { labels, comps };
}

const overlapX = (a: Component, b: Component) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);

/**
 * The glyphs of a region, left to right. Components that overlap horizontally by half the narrower
 * one's width are one glyph; specks are dropped, and with `dropFrames` anything spanning the
 * region's height or most of its width (frames, the gaps between counter drums).
 */
export function glyphs(g: Grey, dropFrames: boolean): Glyph[] {
  const t = otsu(g.px);
  const ink = new Uint8Array(g.px.length);
  for (let i = 0; i < ink.length; i++) ink[i] = g.px[i]! <= t ? 1 : 0;
  const { labels, comps } = components(ink, g.width, g.height);
  const minArea = Math.max(4, g.height * g.height * 0.002);
  const kept = comps
    .filter((c) => c.area >= minArea && !(dropFrames && (c.y1 - c.y0 >= g.height * 0.92 || c.x1 - c.x0 >= g.width * 0.6)))
    .sort((a, b) => a.x0 - b.x0);
  const groups: Component[][] = [];
  for (const c of kept) {
    const last = groups.at(-1);
    const box = last && bounds(last);
    if (box && overlapX(box, c) >= 0.5 * Math.min(box.x1 - box.x0, c.x1 - c.x0)) last.push(c);
    else groups.push([c]);
  }
  return groups.map((group) => {
    const b = bounds(group);
    const w = b.x1 - b.x0;
    const mask = new Uint8Array(w * (b.y1 - b.y0));
    const mine = new Set(group.map((c) => c.label));
    for (let y = b.y0; y < b.y1; y++) for (let x = b.x0; x < b.x1; x++) if (mine.has(labels[y * g.width + x]!)) mask[(y - b.y0) * w + (x - b.x0)] = 1;
    return { x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1, mask };
  });
}

function bounds(cs: Component[]): Component {
  return cs.reduce((a, c) => ({ label: 0, x0: Math.min(a.x0, c.x0), y0: Math.min(a.y0, c.y0), x1: Math.max(a.x1, c.x1), y1: Math.max(a.y1, c.y1), area: a.area + c.area }));
}

const GX = 8;
const GY = 10;

/** Ink density on an 8×10 grid over the glyph's box, then its width/height ratio. */
export function describe(g: Glyph): number[] {
  const w = g.x1 - g.x0;
  const h = g.y1 - g.y0;
  const cells: number[] = [];
  for (let cy = 0; cy < GY; cy++) {
    const ya = Math.floor((cy * h) / GY);
    const yb = Math.max(ya + 1, Math.floor(((cy + 1) * h) / GY));
    for (let cx = 0; cx < GX; cx++) {
      const xa = Math.floor((cx * w) / GX);
      const xb = Math.max(xa + 1, Math.floor(((cx + 1) * w) / GX));
      let sum = 0;
      for (let y = ya; y < yb; y++) for (let x = xa; x < xb; x++) sum += g.mask[y * w + x]!;
      cells.push(sum / ((yb - ya) * (xb - xa)));
    }
  }
  return [...cells, Math.min(2, w / h)];
}

/** How unlike two descriptors are: near 0 for the same character, 0.3 and more for different ones. */
export function distance(a: number[], b: number[]): number {
  let sum = 0;
  // The width/height ratio (last) weighs as much as four grid cells.
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2 * (i === a.length - 1 ? 4 : 1);
  return Math.sqrt(sum / a.length);
}
