/**
 * One closed-loop wrk run (Debian's `wrk` package: C, two threads, a few µs of CPU per request), the same
 * scenarios as autocannon.mjs: a fixed request, rotating session cookies, or riders' pings (bench/api/wrk.lua).
 * A warm-up run first (its 2xx counted apart), then the measured run. Latency percentiles come from wrk's
 * histogram of every response (µs resolution). Returns the shape autocannon.mjs prints.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface WrkConfig {
  url: string;
  path: string;
  connections: number;
  duration: number;
  warmup: number;
  headers?: Record<string, string>;
  cookies?: string[];
  riders?: { id: string; token: string }[];
}

interface WrkOut {
  requests: number;
  durationUs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export const WRK_THREADS = 2;

export function hasWrk(): boolean {
  return Bun.spawnSync(['sh', '-c', 'command -v wrk']).exitCode === 0;
}

function wrkOnce(cfg: WrkConfig, seconds: number, sessions: string): WrkOut {
  const mode = cfg.riders ? 'ping' : cfg.cookies ? 'cookies' : 'fixed';
  const url = cfg.riders || cfg.cookies ? new URL(cfg.path, cfg.url).href : cfg.url;
  const headers = Object.entries(cfg.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const args = ['wrk', `-t${WRK_THREADS}`, `-c${cfg.connections}`, `-d${seconds}s`, '--timeout', '10s', ...headers, '-s', join(import.meta.dir, 'wrk.lua'), url, '--', mode, sessions, cfg.path, String(WRK_THREADS), String(Date.now())];
  const r = Bun.spawnSync(args, { stdout: 'pipe', stderr: 'pipe' });
  const out = r.stdout.toString();
  const line = out.split('\n').find((l) => l.startsWith('JSON '));
  if (r.exitCode !== 0 || !line) throw new Error(`wrk failed (${r.exitCode}):\n${out}\n${r.stderr.toString()}`);
  return JSON.parse(line.slice(5)) as WrkOut;
}

export function runWrk(cfg: WrkConfig) {
  const dir = mkdtempSync(join(tmpdir(), 'kwt-bench-wrk-'));
  try {
    let sessions = '-';
    const list = cfg.riders ?? cfg.cookies?.map((token) => ({ id: '-', token }));
    if (list) {
      sessions = join(dir, 'sessions.txt');
      writeFileSync(sessions, list.map((s) => `${s.id} ${s.token}`).join('\n') + '\n');
    }
    const warm = cfg.warmup > 0 ? wrkOnce(cfg, cfg.warmup, sessions) : null;
    const run = wrkOnce(cfg, cfg.duration, sessions);
    const ok = run.requests - run.non2xx;
    return {
      reqPerSec: run.requests / (run.durationUs / 1e6),
      requests: run.requests,
      ok,
      warmupOk: warm ? warm.requests - warm.non2xx : 0,
      non2xx: run.non2xx,
      errors: run.errors,
      timeouts: run.timeouts,
      statuses: { '2xx': ok, other: run.non2xx },
      p50: run.p50,
      p90: run.p90,
      p99: run.p99,
      max: run.max,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
