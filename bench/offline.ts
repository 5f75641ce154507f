/**
 * Issue 20, item 9 (first half): the rider app's cold start offline, and what the app keeps on the phone for a day.
 *
 * 1. The built app served by the real server on a fresh demo database; a new rider with 40 orders for today
 *    (Kuwait addresses, phones, one in three cash on delivery) and cash on hand.
 * 2. For each run (a fresh persistent Chromium profile): signed in, /app opened online until the service worker
 *    controls it and the persisted query cache holds the orders; the browser closed (its process ends). Relaunched on
 *    the same profile, offline, CPU slowed 4× before the navigation: /app to the rider's name and an order's address
 *    on screen; closed and relaunched again: /rider to its header and the cash on hand. Median of the runs.
 * 3. A day's storage: a profile with the 40 orders kept, then offline through the app's screens: duty started and
 *    10 orders picked up and delivered with a proof photo each; the sizes of what is kept, per database and cache.
 *
 * Usage: bun bench/offline.ts [--dist .tmp/dist-offline] [--no-build] [--runs 5] [--photos 10] [--no-cold] [--no-storage] [--trace]
 * Writes .tmp/bench-offline.json. Prints its figures; no timed assertion.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { coldOfflineStart, type ColdStart, type ScreenMarker } from './offline/cold-start';
import { workOffline } from './offline/day';
import { newPhone, primeOnline, signInRider } from './offline/phone';
import { doorstepPhoto, PHOTO_SIZE } from './offline/photo';
import { diskBytes, kb, measureStorage, type StorageReport } from './offline/storage';
import { makeDay, type Day } from './offline/world';
import { median } from './web/lighthouse';
import { buildWeb, startServer } from './web/server';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const option = (name: string, fallback: string) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : fallback;
};
const dist = resolve(option('--dist', '.tmp/dist-offline'));
const runs = Number(option('--runs', '5'));
const photos = Number(option('--photos', '10'));
const TARGET_MS = 1500;
const CPU_RATE = 4;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

console.log(`bench:offline — ${new Date().toISOString()}, ${cpus().length} cores, Bun ${Bun.version}, load ${load()}`);
if (!flag('--no-build')) buildWeb(dist);
const server = await startServer(dist);
const results: { load: string[]; cold: Record<string, ColdStart[]>; storage?: StorageReport & { photoBytes: number[]; disk: Record<string, number> } } = { load: [load()], cold: {} };
try {
  const day = await makeDay(server.base, server.dbFile, 40);
  console.log(`rider ${day.riderName} of ${day.companyName} with ${day.orders} orders today`);
  const screens: Record<'/app' | '/rider', ScreenMarker> = {
    // The rider's first name in the app's header, and the first order's card with its customer and PACI number.
    '/app': { header: day.riderName.split(' ')[0]!, selector: '[data-testid="my-order"]', text: ['Customer 1 Al-Mutairi', '10000000'] },
    // The company in /rider's header, and the cash on hand (three cash deliveries: KWD 8.250).
    '/rider': { header: day.companyName, selector: '[data-testid="cash-on-hand"]', text: ['8.250'] },
  };
  if (!flag('--no-cold')) await coldStarts(day, screens);
  if (!flag('--no-storage')) await storageOfADay(day);
} finally {
  await server.stop();
}
results.load.push(load());
await Bun.write('.tmp/bench-offline.json', JSON.stringify(results, null, 2));
console.log(`\nload average (1, 5, 15 min) at start ${results.load[0]}, at end ${results.load[1]}; figures in .tmp/bench-offline.json`);

async function coldStarts(day: Day, screens: Record<'/app' | '/rider', ScreenMarker>) {
  for (const path of ['/app', '/rider'] as const) results.cold[path] = [];
  console.log(`\nCold offline start, CPU ${CPU_RATE}× slower, ${runs} runs (ms from navigation start):`);
  // --trace: one more start first, traced and not counted (tracing slows the page), for the Performance panel.
  for (let i = flag('--trace') ? -1 : 0; i < runs; i++) {
    const phone = newPhone(server.base);
    try {
      let context = await phone.launch();
      await signInRider(context, server.base, day.riderEmail);
      await primeOnline(context, ['Customer 1 Al-Mutairi', '"dashboard"']);
      await context.close();
      for (const path of ['/app', '/rider'] as const) {
        context = await phone.launch();
        try {
          const trace = i < 0 ? resolve(`.tmp/bench-offline-trace${path.replace('/', '-')}.json`) : undefined;
          const r = await coldOfflineStart(context, path, screens[path], CPU_RATE, trace);
          if (!trace) results.cold[path]!.push(r);
          console.log(
            `  ${trace ? 'traced' : `run ${i + 1}`} ${path.padEnd(6)} shown ${r.shownMs.toFixed(0).padStart(5)}  (dom ${r.domMs.toFixed(0)}, worker start ${r.workerStartMs.toFixed(0)}, document ${r.responseEndMs.toFixed(0)}, DCL ${r.dclMs.toFixed(0)}; wall ${r.wallMs})  load ${load()}`,
          );
        } finally {
          await context.close();
        }
      }
    } finally {
      phone.dispose();
    }
  }
  console.log(`\n| page | runs (ms) | median | target | |\n| --- | --- | ---: | ---: | --- |`);
  for (const path of ['/app', '/rider'] as const) {
    const list = results.cold[path]!;
    const m = median(list.map((r) => r.shownMs));
    console.log(`| ${path} | ${list.map((r) => r.shownMs.toFixed(0)).join(', ')} | ${(m / 1000).toFixed(2)} s | ${(TARGET_MS / 1000).toFixed(1)} s | ${m < TARGET_MS ? 'met' : 'MISSED'} |`);
  }
}

async function storageOfADay(day: Day) {
  const photoFile = resolve('.tmp/bench-offline-photo.jpg');
  writeFileSync(photoFile, await doorstepPhoto());
  const phone = newPhone(server.base);
  try {
    const context = await phone.launch();
    try {
      await signInRider(context, server.base, day.riderEmail);
      const page = await primeOnline(context, ['Customer 1 Al-Mutairi', '"dashboard"']);
      await workOffline(page, photoFile, photos);
      // The persisted cache is written at most once a second; let the last save land.
      await page.waitForTimeout(2500);
      const report = await measureStorage(page);
      const photoBytes = await page.evaluate(async () => {
        const db = await new Promise<IDBDatabase>((res, rej) => {
          const r = indexedDB.open('kwt-outbox');
          r.onsuccess = () => res(r.result);
          r.onerror = () => rej(r.error);
        });
        const all = await new Promise<{ body?: { image?: string } }[]>((res) => {
          const r = db.transaction('entries').objectStore('entries').getAll();
          r.onsuccess = () => res(r.result as { body?: { image?: string } }[]);
        });
        db.close();
        return all.filter((e) => typeof e.body?.image === 'string').map((e) => e.body!.image!.length);
      });
      const site = join(phone.dir, 'Default');
      const disk = { IndexedDB: diskBytes(join(site, 'IndexedDB')), 'Service Worker (scripts + Cache Storage)': diskBytes(join(site, 'Service Worker')) };
      results.storage = { ...report, photoBytes, disk };
      printStorage(report, photoBytes, disk);
    } finally {
      await context.close();
    }
  } finally {
    phone.dispose();
  }
  function printStorage(report: StorageReport, photoBytes: number[], disk: Record<string, number>) {
    const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
    console.log(`\nA day's storage: ${day.orders} orders kept, ${photos} deliveries with a proof photo waiting offline (photo: ${PHOTO_SIZE.width}×${PHOTO_SIZE.height} JPEG, ${mb(Bun.file(photoFile).size)} MB as chosen)`);
    console.log(`proof photos as kept (data URLs): ${photoBytes.length}, ${kb(photoBytes.reduce((a, b) => a + b, 0))} KB in all, ${photoBytes.length ? kb(median(photoBytes)) : 0} KB median`);
    console.log(`\nnavigator.storage.estimate(): usage ${mb(report.usage)} MB of a ${mb(report.quota)} MB quota; ${Object.entries(report.usageDetails).map(([k, v]) => `${k} ${mb(v)} MB`).join(', ')}`);
    console.log('\n| where | records | KB (values) |\n| --- | ---: | ---: |');
    for (const s of report.stores) console.log(`| ${s.where} | ${s.records} | ${kb(s.bytes)} |`);
    console.log(`\non disk in the profile: ${Object.entries(disk).map(([k, v]) => `${k} ${mb(v)} MB`).join(', ')}`);
  }
}
