/**
 * A soak run's figures, verdict and chart, from what bench/soak.ts recorded (also from its .tmp/soak.json,
 * with `bun bench/soak.ts --replot .tmp/soak.json`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fmt } from '../api/harness';
import { soakChart } from './chart';
import { verdict, type Verdict } from './verdict';

export interface SoakWindow {
  t: number;
  completed: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
  rssMb: number;
  rssMaxMb: number;
  loadAverage: number;
}

export interface SoakRun {
  date: string;
  rate: number;
  /** of the mix's peak; null when the rate was given */
  fraction: number | null;
  seconds: number;
  /** seconds per window */
  window?: number;
  done: { planned: number; ok: number; non2xx: number; errors: number; seconds: number; ranges: Record<'early' | 'late', { p50: number; p99: number }>; generatorCpuUsPerRequest: number };
  server: { pingWriter?: Record<string, number>; eventLoopLagMs?: Record<string, number> } | null;
  windows: SoakWindow[];
}

export function soakReport(run: SoakRun, svgPath: string): { lines: string[]; verdict: Verdict; flat: boolean; rssPeak: number } {
  const windowSec = run.window ?? 5;
  const { done, windows, seconds, rate } = run;
  // The last window holds the stragglers after the schedule ended (a fraction of a window): not a sample.
  const series = windows.filter((w, i) => i === 0 || w.t - windows[i - 1]!.t >= windowSec / 2);
  const v = verdict(series.map((w) => ({ t: w.t, rssMb: w.rssMb })), done.ranges.early.p99, done.ranges.late.p99);
  const errorsTotal = done.non2xx + done.errors;
  const flat = v.flat && errorsTotal === 0;
  const rssFirst = series.find((w) => w.t >= 120)?.rssMb ?? 0;
  const rssLast = series.at(-1)?.rssMb ?? 0;
  const rssPeak = Math.max(...series.map((w) => w.rssMaxMb));
  const loads = series.map((w) => w.loadAverage);

  mkdirSync(dirname(svgPath), { recursive: true });
  writeFileSync(
    svgPath,
    soakChart(
      series.map((w) => ({ t: w.t, rssMb: w.rssMb, p50: w.p50, p99: w.p99 })),
      {
        title: `Soak: ${fmt(seconds / 60, 0)} min of mixed load at ${rate} req/s${run.fraction ? ` (${fmt(100 * run.fraction, 0)} % of the mix's peak)` : ''}, ${run.date.slice(0, 16).replace('T', ' ')} UTC`,
        subtitle: `RSS slope from minute 2 ${fmt(v.rssSlopeMbPerMin, 2)} MB/min; p99 minutes 1–3 ${fmt(v.p99Early, 1)} ms, last 2 min ${fmt(v.p99Late, 1)} ms; ${done.planned.toLocaleString('en-US')} requests, ${errorsTotal} errors; machine load average ${fmt(Math.min(...loads), 1)}–${fmt(Math.max(...loads), 1)}`,
      },
    ),
  );

  const lines = [
    `${done.planned.toLocaleString('en-US')} requests in ${fmt(done.seconds)} s (${fmt(done.planned / done.seconds, 0)} req/s achieved of ${rate} planned), ${done.ok.toLocaleString('en-US')} 2xx, ${done.non2xx} non-2xx, ${done.errors} errors`,
    `RSS: ${fmt(rssFirst)} MB at minute 2, ${fmt(rssLast)} MB at the end, peak ${fmt(rssPeak)} MB; slope from minute 2 ${fmt(v.rssSlopeMbPerMin, 2)} MB/min`,
    `p50 / p99: minutes 1–3 ${fmt(done.ranges.early.p50, 2)} / ${fmt(v.p99Early, 2)} ms, last 2 minutes ${fmt(done.ranges.late.p50, 2)} / ${fmt(v.p99Late, 2)} ms (×${fmt(v.p99Ratio, 2)})`,
    ...(run.server?.eventLoopLagMs ? [`Server event loop: ${JSON.stringify(run.server.eventLoopLagMs)}`] : []),
    ...(run.server?.pingWriter ? [`Ping writer: ${JSON.stringify(run.server.pingWriter)}`] : []),
    `Generator: ${fmt(done.generatorCpuUsPerRequest, 0)} µs CPU per request; machine load average (1 min) over the run: ${fmt(Math.min(...loads), 2)}–${fmt(Math.max(...loads), 2)}`,
    '',
    `${v.rssFlat ? 'MET   ' : 'MISSED'} RSS slope from minute 2 < 5 MB/min: ${fmt(v.rssSlopeMbPerMin, 2)} MB/min`,
    `${v.p99Flat ? 'MET   ' : 'MISSED'} p99 of the last 2 minutes ≤ 1.5× minutes 1–3: ×${fmt(v.p99Ratio, 2)}`,
    `${errorsTotal === 0 ? 'MET   ' : 'MISSED'} no errors or non-2xx: ${errorsTotal}`,
    `Chart: ${svgPath}`,
  ];
  return { lines, verdict: v, flat, rssPeak };
}
