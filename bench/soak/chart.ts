/**
 * The soak's curves as an SVG drawn by hand (no chart library): two panels sharing the time axis,
 * the server's RSS in MB (linear) on top and the p50 / p99 latency per 5 s window in ms (log scale,
 * so both curves stay readable when a window spikes) below.
 */
export interface ChartPoint {
  /** seconds since the load started */
  t: number;
  rssMb: number;
  p50: number;
  p99: number;
}

const W = 960;
const PANEL_H = 230;
const LEFT = 70;
const RIGHT = 24;
const TOP = 84;
const GAP = 70;
const PLOT_W = W - LEFT - RIGHT;
const H = TOP + 2 * PANEL_H + GAP + 60;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const num = (n: number) => (Math.round(n * 10) / 10).toString();

/** A "nice" step (1, 2 or 5 × 10^k) giving about `count` ticks over `span`. */
function niceStep(span: number, count: number): number {
  const raw = span / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 5, 10].find((m) => m * mag >= raw) ?? 10) * mag;
}

function text(x: number, y: number, s: string, attrs = '') {
  return `<text x="${num(x)}" y="${num(y)}" ${attrs}>${esc(s)}</text>`;
}

function polyline(points: [number, number][], color: string, width = 2) {
  return `<polyline fill="none" stroke="${color}" stroke-width="${width}" stroke-linejoin="round" points="${points.map(([x, y]) => `${num(x)},${num(y)}`).join(' ')}"/>`;
}

function timeAxis(top: number, maxMin: number): string[] {
  const out: string[] = [];
  const step = niceStep(maxMin, 10);
  for (let m = 0; m <= maxMin + 1e-9; m += step) {
    const x = LEFT + (m / maxMin) * PLOT_W;
    out.push(`<line x1="${num(x)}" y1="${top}" x2="${num(x)}" y2="${top + PANEL_H}" stroke="#e5e7eb"/>`);
    out.push(text(x, top + PANEL_H + 18, `${num(m)}`, 'text-anchor="middle"'));
  }
  out.push(text(LEFT + PLOT_W / 2, top + PANEL_H + 38, 'minutes since the load started', 'text-anchor="middle"'));
  return out;
}

function frame(top: number, title: string): string[] {
  return [
    `<rect x="${LEFT}" y="${top}" width="${PLOT_W}" height="${PANEL_H}" fill="none" stroke="#9ca3af"/>`,
    text(LEFT, top - 10, title, 'font-weight="bold"'),
  ];
}

export function soakChart(points: ChartPoint[], opts: { title: string; subtitle: string }): string {
  const maxMin = Math.max(1, ...points.map((p) => p.t / 60));
  const xOf = (t: number) => LEFT + (t / 60 / maxMin) * PLOT_W;
  const parts: string[] = [];

  // Panel 1: RSS, linear from 0.
  const top1 = TOP;
  const rssMax = Math.max(1, ...points.map((p) => p.rssMb));
  const rssStep = niceStep(rssMax, 5);
  const rssTop = Math.ceil((rssMax * 1.1) / rssStep) * rssStep;
  const yRss = (mb: number) => top1 + PANEL_H - (mb / rssTop) * PANEL_H;
  parts.push(...frame(top1, 'Server RSS (MB)'), ...timeAxis(top1, maxMin));
  for (let v = 0; v <= rssTop + 1e-9; v += rssStep) {
    parts.push(`<line x1="${LEFT}" y1="${num(yRss(v))}" x2="${LEFT + PLOT_W}" y2="${num(yRss(v))}" stroke="#f3f4f6"/>`);
    parts.push(text(LEFT - 8, yRss(v) + 4, `${num(v)}`, 'text-anchor="end"'));
  }
  parts.push(polyline(points.map((p) => [xOf(p.t), yRss(p.rssMb)]), '#2563eb'));

  // Panel 2: p50 and p99, log scale over decades that cover them.
  const top2 = TOP + PANEL_H + GAP;
  const lat = points.flatMap((p) => [p.p50, p.p99]).filter((v) => v > 0);
  const lo = 10 ** Math.floor(Math.log10(Math.max(0.1, Math.min(...lat, 1))));
  const hi = 10 ** Math.ceil(Math.log10(Math.max(...lat, lo * 10)));
  const yLat = (ms: number) => top2 + PANEL_H - ((Math.log10(Math.max(ms, lo)) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))) * PANEL_H;
  parts.push(...frame(top2, 'Latency per 5 s window (ms, log scale, from the scheduled send time)'), ...timeAxis(top2, maxMin));
  for (let d = lo; d <= hi + 1e-9; d *= 10) {
    for (const m of [1, 2, 5]) {
      const v = d * m;
      if (v > hi + 1e-9) break;
      parts.push(`<line x1="${LEFT}" y1="${num(yLat(v))}" x2="${LEFT + PLOT_W}" y2="${num(yLat(v))}" stroke="${m === 1 ? '#e5e7eb' : '#f3f4f6'}"/>`);
      parts.push(text(LEFT - 8, yLat(v) + 4, `${v >= 1 ? v : v.toFixed(1)}`, 'text-anchor="end"'));
    }
  }
  parts.push(polyline(points.map((p) => [xOf(p.t), yLat(p.p99)]), '#dc2626'));
  parts.push(polyline(points.map((p) => [xOf(p.t), yLat(p.p50)]), '#16a34a'));
  const legendX = LEFT + PLOT_W - 150;
  parts.push(`<rect x="${legendX}" y="${top2 + 8}" width="140" height="44" fill="#ffffff" stroke="#d1d5db"/>`);
  parts.push(`<line x1="${legendX + 10}" y1="${top2 + 22}" x2="${legendX + 34}" y2="${top2 + 22}" stroke="#dc2626" stroke-width="2"/>`, text(legendX + 40, top2 + 26, 'p99'));
  parts.push(`<line x1="${legendX + 10}" y1="${top2 + 40}" x2="${legendX + 34}" y2="${top2 + 40}" stroke="#16a34a" stroke-width="2"/>`, text(legendX + 40, top2 + 44, 'p50'));

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="12" fill="#111827">`,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>`,
    text(LEFT, 22, opts.title, 'font-size="16" font-weight="bold"'),
    text(LEFT, 40, opts.subtitle, 'fill="#4b5563"'),
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
