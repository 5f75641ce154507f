/**
 * The unit suite once more with the system clock moved (libfaketime), to a different instant on every
 * run: 150–400 days ahead, at any minute of the day. A test that depends on the day it runs (a
 * hard-coded date meeting the real clock, "today" assumed a weekday or outside the summer midday
 * ban or Ramadan, a window across midnight in Kuwait or Dubai) fails here the day it is written,
 * not months later. The instant is printed with the command that runs the suite at it again.
 *
 *   bun scripts/test-moved-clock.ts                            a new instant
 *   bun scripts/test-moved-clock.ts --at '2027-07-15 10:00:00' that instant (UTC)
 *   any other arguments go to bun test (a file filter, -t ...)
 */
import { join } from 'node:path';
import { aptInstall } from './apt-install';

const DAY_MS = 86_400_000;
const FORMAT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const args = process.argv.slice(2);
const atIndex = args.indexOf('--at');
const given = atIndex >= 0 ? args.splice(atIndex, 2)[1] : undefined;
if (given !== undefined && !FORMAT.test(given)) {
  console.error(`--at takes a UTC instant as 'YYYY-MM-DD HH:MM:SS', not ${JSON.stringify(given)}`);
  process.exit(2);
}

/** 'YYYY-MM-DD HH:MM:SS' in UTC, as faketime reads it under TZ=UTC. */
const faketimeFormat = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

function pickInstant(now: number): string {
  const days = 150 + Math.floor(Math.random() * 251);
  const minuteOfDay = Math.floor(Math.random() * 1440);
  const midnight = Math.floor(now / DAY_MS) * DAY_MS;
  return faketimeFormat(midnight + days * DAY_MS + minuteOfDay * 60_000);
}

const instant = given ?? pickInstant(Date.now());
const target = Date.parse(`${instant.replace(' ', 'T')}Z`);

function describe(ms: number): string {
  const at = new Date(ms);
  const inZone = (timeZone: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return `${inZone('Asia/Kuwait')} in Kuwait, ${inZone('Asia/Dubai')} in Dubai`;
}

const faketime = () => Bun.which('faketime');
if (!faketime()) {
  console.log("faketime not found: installing Debian's faketime package (libfaketime)...");
  if (!aptInstall('faketime', () => faketime() !== null)) {
    console.error('Could not install faketime. Install it with: sudo apt-get install -y faketime');
    process.exit(1);
  }
}

const env = { ...process.env, TZ: 'UTC' };
// libfaketime must reach this runtime (it works through LD_PRELOAD): check the clock it gives Bun.
const probe = Bun.spawnSync(['faketime', instant, process.execPath, '-e', 'console.log(Date.now())'], { env, stdout: 'pipe', stderr: 'inherit' });
const seen = Number(probe.stdout.toString().trim());
if (probe.exitCode !== 0 || !(Math.abs(seen - target) < 60_000)) {
  console.error(`faketime did not move Bun's clock to ${instant} UTC (Bun saw ${Number.isFinite(seen) && seen > 0 ? new Date(seen).toISOString() : 'nothing'}).`);
  process.exit(1);
}

const days = Math.round((target - Date.now()) / DAY_MS);
console.log(`\nUnit suite at a moved clock: ${instant} UTC (${days} days from now; ${describe(target)}).`);
console.log(`To run it again at this instant: TZ=UTC faketime '${instant}' bun scripts/test-unit.ts${args.length ? ` ${args.join(' ')}` : ''}\n`);

const run = Bun.spawnSync(['faketime', instant, process.execPath, join(import.meta.dir, 'test-unit.ts'), ...args], { env, stdio: ['inherit', 'inherit', 'inherit'] });
if (run.exitCode !== 0) {
  console.error(`\nThe unit suite failed at the moved clock ${instant} UTC. Reproduce: TZ=UTC faketime '${instant}' bun scripts/test-unit.ts`);
}
process.exit(run.exitCode ?? 1);
