/**
 * The real server (src/server/index.ts) as a child process, for tests that crash it: started on an
 * existing database file (migrated and filled by the test), killed with any signal, started again on
 * the same file. PORT=0 takes a free port; the port is read from the line the server prints when it
 * listens ("KWT Delivery listening on http://localhost:PORT").
 */
import { join } from 'node:path';

const ENTRY = join(import.meta.dir, '../../src/server/index.ts');
const LISTENING = /listening on http:\/\/localhost:(\d+)/;

export interface AppServer {
  pid: number;
  port: number;
  base: string;
  /** ms from spawn to listening */
  startMs: number;
  kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<number | null>;
}

export async function startAppServer(dbFile: string, extraEnv: Record<string, string> = {}): Promise<AppServer> {
  const t0 = performance.now();
  const child = Bun.spawn([process.execPath, ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      SKIP_BUILD: 'true',
      SEED_DEMO: 'false',
      DATABASE_URL: `file:${dbFile}`,
      PORT: '0',
      HOST: '127.0.0.1',
      // The line that says where it listens is an info line.
      LOG_LEVEL: 'info',
      ...extraEnv,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let port: number | null = null;
  while (port === null) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the server exited before it listened:\n${text}\n${await new Response(child.stderr).text()}`);
    text += decoder.decode(value);
    const m = LISTENING.exec(text);
    if (m) port = Number(m[1]);
  }
  const startMs = performance.now() - t0;
  // Keep reading both pipes so the server never blocks on a full one.
  void (async () => {
    while (!(await reader.read()).done);
  })();
  void new Response(child.stderr).text();
  return {
    pid: child.pid,
    port,
    base: `http://127.0.0.1:${port}`,
    startMs,
    async kill(signal) {
      child.kill(signal);
      return child.exited;
    },
  };
}
