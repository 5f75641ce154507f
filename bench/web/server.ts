/** The built app served by the real server (as the e2e suite runs it): a temp seeded database, a free port. */
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { SESSION_COOKIE } from '../../src/server/http/cookies';
import { onboardingKey, serializeProgress } from '../../src/shared/onboarding';
import type { LhSession } from './lighthouse';

export interface RunningServer {
  base: string;
  /** The server process's id (its RSS is in /proc/<pid>/status). */
  pid: number;
  /** The server's database file (tests/e2e/db.ts writes it for what no endpoint does). */
  dbFile: string;
  stop: () => Promise<void>;
}

function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

export function buildWeb(outDir: string): void {
  const t0 = performance.now();
  const build = Bun.spawnSync([process.execPath, 'x', '--bun', 'vite', 'build', '--outDir', outDir], { stdout: 'ignore', stderr: 'inherit' });
  if (build.exitCode !== 0) throw new Error('vite build failed');
  console.log(`built ${outDir} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

export async function startServer(distDir: string): Promise<RunningServer> {
  mkdirSync('.tmp', { recursive: true });
  const port = freePort();
  const dbFile = resolve(`.tmp/bench-web-${process.pid}.db`);
  const proc = Bun.spawn([process.execPath, 'src/server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: distDir,
      DATABASE_URL: `file:${dbFile}`,
      SEED_DEMO: 'true',
      SIMULATE_DEMO: 'false',
      SKIP_BUILD: 'true',
      // Not 'production': it refuses SEED_DEMO (issue 19), and the bench signs in as the seeded rider. NODE_ENV
      // changes nothing else the pages depend on (compression, caching and the first screen are the same).
      NODE_ENV: 'development',
      LOGIN_MAX_FAILURES: '1000',
    },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    const ok = await fetch(`${base}/`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('server did not start in 60 s');
    await Bun.sleep(200);
  }
  return {
    base,
    pid: proc.pid,
    dbFile,
    stop: async () => {
      proc.kill();
      await proc.exited;
      for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) rmSync(f, { force: true });
    },
  };
}

/**
 * A returning rider's browser state: the session cookie from a real sign-in, and onboarding done (as
 * tests/e2e/fixtures.ts signIn() leaves it), so the page measured is the rider app, not its first-visit modal.
 */
export async function riderSession(base: string, email: string, password: string): Promise<LhSession> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('login set no session cookie');
  const { user } = (await res.json()) as { user: { id: string; role: 'rider' } };
  const value = cookie.split(';')[0]!.slice(SESSION_COOKIE.length + 1);
  const done = serializeProgress({ completed: [], setupComplete: true });
  return { cookies: [{ name: SESSION_COOKIE, value }], localStorage: { [onboardingKey(user.role, user.id)]: done } };
}
