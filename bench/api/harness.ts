/**
 * What the load benches share: the server child (bench/api/server.ts) with its RSS sampled from
 * /proc/<pid>/status every 250 ms, and the Node load generators (autocannon.mjs, open-loop.mjs) run
 * as child processes, so generator and server never share an event loop.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';

const HERE = import.meta.dir;

/** VmRSS of a process in MB, or null once it has gone. */
export function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export class RssSampler {
  readonly samples: { t: number; mb: number; phase: string }[] = [];
  private phase = 'startup';
  private timer: Timer;
  constructor(private pid: number) {
    this.timer = setInterval(() => this.sample(), 250);
    this.sample();
  }
  private sample() {
    const mb = rssMb(this.pid);
    if (mb !== null) this.samples.push({ t: Date.now(), mb, phase: this.phase });
  }
  mark(phase: string) {
    this.sample();
    this.phase = phase;
  }
  peak(phases?: string[]): number {
    return Math.max(0, ...this.samples.filter((s) => !phases || phases.includes(s.phase)).map((s) => s.mb));
  }
  last(): number {
    return this.samples.at(-1)?.mb ?? 0;
  }
  stop() {
    clearInterval(this.timer);
  }
}

export interface ServerChild {
  pid: number;
  port: number;
  basePort: number;
  rss: RssSampler;
  /** ms from spawn to both ports listening. */
  startMs: number;
  /** Where the server's request log went (its stdout). */
  logFile: string;
  /** Stops the server; resolves to the figures it printed on the way out (bench/api/server.ts). */
  stop(): Promise<unknown>;
}

/**
 * `bunArgs`: e.g. ['--cpu-prof-md', '--cpu-prof-dir=.tmp/prof'] to profile the server (BENCH_SERVER_ARGS in the env).
 * The server's stdout, its request log (a JSON line per request), goes to `<dbFile>.requests.log`, as in
 * production it goes to the platform's collector: the server formats and writes every line, and no process
 * on this machine spends CPU reading them during the run. Its stderr carries READY, STATS and any warning.
 */
export async function startServer(dbFile: string, extraEnv: Record<string, string> = {}, bunArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean)): Promise<ServerChild> {
  const t0 = performance.now();
  const logFile = `${dbFile}.requests.log`;
  const child = Bun.spawn([process.execPath, ...bunArgs, join(HERE, 'server.ts')], {
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: `file:${dbFile}`, PORT: '0', SKIP_BUILD: 'true', SEED_DEMO: 'false', ...extraEnv },
    stdout: Bun.file(logFile),
    stderr: 'pipe',
  });
  const rss = new RssSampler(child.pid);
  const reader = child.stderr.getReader();
  let ready: ((v: { port: number; basePort: number }) => void) | undefined;
  const readyP = new Promise<{ port: number; basePort: number }>((resolve) => (ready = resolve));
  let stats: unknown = null;
  const drained = (async () => {
    let rest = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
      const lines = rest.split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith('READY ')) ready!(JSON.parse(line.slice(6)));
        else if (line.startsWith('STATS ')) stats = JSON.parse(line.slice(6));
        else console.error(line);
      }
    }
  })();
  const ports = await Promise.race([readyP, drained.then(() => child.exited).then((code) => Promise.reject(new Error(`the bench server exited (${code}) before it was ready`)))]);
  const startMs = performance.now() - t0;
  return {
    pid: child.pid,
    ...ports,
    rss,
    startMs,
    logFile,
    async stop() {
      rss.stop();
      child.kill('SIGTERM');
      await child.exited;
      await drained;
      return stats;
    },
  };
}

/** Runs a Node load generator with this config; returns its last stdout line as JSON. */
export async function runGenerator<T>(script: 'autocannon.mjs' | 'open-loop.mjs', config: unknown): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'kwt-bench-load-'));
  const file = join(dir, 'config.json');
  writeFileSync(file, JSON.stringify(config));
  try {
    const child = Bun.spawn(['node', join(HERE, script), file], { stdout: 'pipe', stderr: 'inherit' });
    const out = await new Response(child.stdout).text();
    if ((await child.exited) !== 0) throw new Error(`${script} failed:\n${out}`);
    return JSON.parse(out.trim().split('\n').at(-1)!) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const machine = () => `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Bun ${Bun.version}, Node ${execVersion('node')}`;

function execVersion(cmd: string): string {
  const r = Bun.spawnSync([cmd, '--version']);
  return r.stdout.toString().trim().replace(/^v/, '');
}

export const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
