/**
 * Front-end budgets (issue 10, item 5): initial JavaScript per route against its gzip budget, then Lighthouse mobile
 * scores (median of 3 runs) on /, /login and /app, against the built app served by the real server.
 *
 * Usage: bun bench/web.ts [--no-build] [--dist .tmp/dist-web] [--runs 3] [--no-lighthouse] [--routes /,/login,/app]
 * Writes .tmp/bench-web.json (and the Lighthouse reports under .tmp/bench-web/).
 */
import { chromium } from '@playwright/test';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium';
import { BUDGETS_KB, formatRoute, measureRoute, RIDER, type BudgetRoute, type RouteJs } from './web/initial-js';
import { lighthouse, median, type LhRun } from './web/lighthouse';
import { buildWeb, riderSession, startServer } from './web/server';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const option = (name: string, fallback: string) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : fallback;
};
const dist = resolve(option('--dist', '.tmp/dist-web'));
const runs = Number(option('--runs', '3'));
const ROUTES = option('--routes', '/,/login,/app').split(',') as BudgetRoute[];
for (const r of ROUTES) if (!(r in BUDGETS_KB)) throw new Error(`unknown route ${r} (one of ${Object.keys(BUDGETS_KB).join(', ')})`);
const LH_TARGET = 95;

console.log(`bench:web — ${new Date().toISOString()}, ${cpus().length} cores, Bun ${Bun.version}`);
if (!flag('--no-build')) buildWeb(dist);
const server = await startServer(dist);
const results: { js: RouteJs[]; lighthouse: Record<string, { runs: LhRun[]; median: Omit<LhRun, 'failing'> }> } = { js: [], lighthouse: {} };
let ok = true;
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const route of ROUTES) {
      const r = await measureRoute(browser, server.base, route);
      results.js.push(r);
      console.log(`\n${formatRoute(r, BUDGETS_KB[route])}`);
      ok &&= r.gzip / 1000 <= BUDGETS_KB[route];
    }
  } finally {
    await browser.close();
  }
  console.log('\nInitial JS (gzip -9 of each script body, KB = 1000 bytes):\n');
  console.log('| route | scripts | gzip KB | budget KB | |\n| --- | ---: | ---: | ---: | --- |');
  for (const r of results.js) {
    const budget = BUDGETS_KB[r.route as BudgetRoute];
    console.log(`| ${r.route} | ${r.scripts.length} | ${(r.gzip / 1000).toFixed(1)} | ${budget} | ${r.gzip / 1000 <= budget ? 'met' : 'MISSED'} |`);
  }

  if (!flag('--no-lighthouse')) {
    const session = await riderSession(server.base, RIDER.email, RIDER.password);
    for (const route of ROUTES) {
      const list: LhRun[] = [];
      for (let i = 0; i < runs; i++) {
        const out = resolve(`.tmp/bench-web/lh${route.replace(/\W/g, '-') || '-'}${i}.json`);
        list.push(await lighthouse(`${server.base}${route}`, out, route === '/app' ? session : undefined));
        process.stdout.write('.');
      }
      const pick = (f: (r: LhRun) => number) => median(list.map(f));
      results.lighthouse[route] = {
        runs: list,
        median: {
          performance: pick((r) => r.performance),
          accessibility: pick((r) => r.accessibility),
          bestPractices: pick((r) => r.bestPractices),
          lcpMs: pick((r) => r.lcpMs),
          tbtMs: pick((r) => r.tbtMs),
          cls: pick((r) => r.cls),
        },
      };
    }
    console.log(`\n\nLighthouse 13.5.0, mobile preset, median of ${runs} runs:\n`);
    console.log('| route | performance | accessibility | best practices | LCP | TBT | CLS | |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const route of ROUTES) {
      const m = results.lighthouse[route]!.median;
      const met = m.performance >= LH_TARGET && m.accessibility >= LH_TARGET && m.bestPractices >= LH_TARGET;
      ok &&= met;
      console.log(
        `| ${route} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${(m.lcpMs / 1000).toFixed(2)} s | ${Math.round(m.tbtMs)} ms | ${m.cls.toFixed(3)} | ${met ? 'met' : 'MISSED'} |`,
      );
    }
    const failing = new Set(Object.values(results.lighthouse).flatMap((l) => l.runs.flatMap((r) => r.failing)));
    if (failing.size) console.log(`\nAudits below full marks in some run:\n${[...failing].map((f) => `  - ${f}`).join('\n')}`);
  }
} finally {
  await server.stop();
}
await Bun.write('.tmp/bench-web.json', JSON.stringify(results, null, 2));
console.log(`\n${ok ? 'All front-end targets met.' : 'Some front-end target MISSED.'} (figures in .tmp/bench-web.json)`);
