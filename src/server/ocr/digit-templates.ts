import sharp from 'sharp';
import { describe, distance, glyphs } from './glyphs';

/** One reference shape of a digit (or of the Arabic decimal mark ٫, as "."). `arabic`: an Arabic-Indic one. */
export interface DigitTemplate {
  digit: string;
  arabic: boolean;
  features: number[];
}

/** Fonts the shapes are drawn in: the DejaVu, Liberation and URW families Debian installs with fontconfig. */
const LATIN_FONTS = ['DejaVu Sans', 'DejaVu Sans Mono', 'Liberation Sans', 'Liberation Mono', 'Nimbus Sans', 'Nimbus Mono PS'];
/** Of those, only DejaVu draws Arabic-Indic digits. */
const ARABIC_FONTS = ['DejaVu Sans', 'DejaVu Sans Mono'];
const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const ARABIC_DECIMAL = '٫';
/** Segments lit per digit: a top, b upper right, c lower right, d bottom, e lower left, f upper left, g middle. */
const SEGMENTS = ['abcdef', 'bc', 'abdeg', 'abcdg', 'bcfg', 'acdfg', 'acdefg', 'abc', 'abcdefg', 'abcdfg'];

const CELL = 140;
const COLS = 20;

/** One glyph in its cell, turned by `angle` degrees about the cell's centre. */
const cell = (i: number, angle: number, body: string) =>
  `<g transform="translate(${(i % COLS) * CELL},${Math.floor(i / COLS) * CELL}) rotate(${angle},${CELL / 2},${CELL / 2})">${body}</g>`;

const textGlyph = (ch: string, font: string, bold: boolean) =>
  `<text x="30" y="110" font-family="${font}" font-size="90" font-weight="${bold ? 'bold' : 'normal'}" fill="#000">${ch}</text>`;

/** A 7-segment digit from plain bars (stroke t), upright or slanted like most dashboards. */
function segmentGlyph(d: number, t: number, slant: number): string {
  const [x, y, w, h] = [40, 20, 50, 100];
  const bars: Record<string, [number, number, number, number]> = {
    a: [x + t, y, w - 2 * t, t], g: [x + t, y + h / 2 - t / 2, w - 2 * t, t], d: [x + t, y + h - t, w - 2 * t, t],
    f: [x, y + t, t, h / 2 - 1.5 * t], b: [x + w - t, y + t, t, h / 2 - 1.5 * t],
    e: [x, y + h / 2 + t / 2, t, h / 2 - 1.5 * t], c: [x + w - t, y + h / 2 + t / 2, t, h / 2 - 1.5 * t],
  };
  const rects = [...SEGMENTS[d]!].map((s) => `<rect x="${bars[s]![0]}" y="${bars[s]![1]}" width="${bars[s]![2]}" height="${bars[s]![3]}" fill="#000"/>`);
  return `<g transform="skewX(${slant})">${rects.join('')}</g>`;
}

/** All glyphs on one sheet (one SVG render), each turned by `angle`, as grey pixels. */
async function sheet(bodies: string[], angle: number, blur: number) {
  const width = COLS * CELL;
  const height = Math.ceil(bodies.length / COLS) * CELL;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${bodies.map((b, i) => cell(i, angle, b)).join('')}</svg>`;
  let img = sharp(Buffer.from(svg));
  if (blur) img = img.blur(blur);
  return { width, px: await img.toColourspace('b-w').raw().toBuffer() };
}

/** The shape of the one glyph in cell i of a sheet. */
function shape(s: { width: number; px: Uint8Array }, i: number): number[] | null {
  const px = new Uint8Array(CELL * CELL);
  const x0 = (i % COLS) * CELL;
  const y0 = Math.floor(i / COLS) * CELL;
  for (let y = 0; y < CELL; y++) px.set(s.px.subarray((y0 + y) * s.width + x0, (y0 + y) * s.width + x0 + CELL), y * CELL);
  const found = glyphs({ width: CELL, height: CELL, px }, true);
  const biggest = found.reduce<(typeof found)[number] | null>((a, g) => (!a || (g.x1 - g.x0) * (g.y1 - g.y0) > (a.x1 - a.x0) * (a.y1 - a.y0) ? g : a), null);
  return biggest ? describe(biggest) : null;
}

/** Each shape as drawn, blurred, and turned a little either way, as photos show them. */
const VARIANTS = [
  { angle: 0, blur: 0 },
  { angle: 0, blur: 2.5 },
  { angle: -5, blur: 0 },
  { angle: 5, blur: 0 },
];

let templates: Promise<DigitTemplate[]> | null = null;

/**
 * Reference shapes of 0–9 in Latin fonts and 7-segment bars, and of Arabic-Indic ١–٩ and ٫ (not the
 * Arabic zero: a dot the reader tells by its size and place), drawn once on first use.
 */
export function digitTemplates(): Promise<DigitTemplate[]> {
  templates ??= (async () => {
    const jobs: { digit: string; arabic: boolean; body: string }[] = [];
    for (const font of LATIN_FONTS) for (const bold of [false, true]) for (let d = 0; d <= 9; d++) jobs.push({ digit: String(d), arabic: false, body: textGlyph(String(d), font, bold) });
    for (const [t, slant] of [[10, 0], [14, -6], [8, -6]] as const) for (let d = 0; d <= 9; d++) jobs.push({ digit: String(d), arabic: false, body: segmentGlyph(d, t, slant) });
    for (const font of ARABIC_FONTS) {
      for (const bold of [false, true]) {
        for (let d = 1; d <= 9; d++) jobs.push({ digit: String(d), arabic: true, body: textGlyph(ARABIC_INDIC[d]!, font, bold) });
        jobs.push({ digit: '.', arabic: true, body: textGlyph(ARABIC_DECIMAL, font, bold) });
      }
    }
    const sheets = await Promise.all(VARIANTS.map((v) => sheet(jobs.map((j) => j.body), v.angle, v.blur)));
    const drawn = sheets.flatMap((s) =>
      jobs.flatMap((j, i) => {
        const features = shape(s, i);
        return features ? [{ digit: j.digit, arabic: j.arabic, features }] : [];
      }),
    );
    // A font the machine lacks can come out as the same box for every character: keep no shape that
    // two different digits share.
    return drawn.filter((t) => !drawn.some((u) => u.digit !== t.digit && distance(t.features, u.features) < 0.02));
  })();
  return templates;
}
