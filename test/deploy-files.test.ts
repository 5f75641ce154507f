import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseEnv } from '../src/server/env';

/**
 * The deployment files, checked without a Docker engine or flyctl: the Dockerfile's stages, base images,
 * user, health check and COPY sources (and that the runtime image holds every module the server and the
 * backup command import); fly.toml as TOML (Bun's parser) agreeing with the image; both configurations
 * passing the app's own env parser.
 */
const ROOT = join(import.meta.dir, '..');
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');

interface Instruction {
  op: string;
  args: string;
}
interface Stage {
  from: string;
  name: string;
  steps: Instruction[];
}

/** Instructions (continuations joined, comments dropped) grouped into stages; ARGs before the first FROM apart. */
function parseDockerfile(text: string): { args: Record<string, string>; stages: Stage[] } {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, op, rest] = /^(\w+)\s+(.*)$/.exec(line)!;
    const ins = { op: op!.toUpperCase(), args: rest!.replace(/\s+/g, ' ') };
    if (ins.op === 'FROM') {
      const [, from, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(ins.args)!;
      stages.push({ from: from!, name: name ?? String(stages.length), steps: [] });
    } else if (!stages.length && ins.op === 'ARG') {
      const [k, v] = ins.args.split('=');
      args[k!] = v ?? '';
    } else stages.at(-1)!.steps.push(ins);
  }
  return { args, stages };
}

const docker = parseDockerfile(read('Dockerfile'));
const stage = (name: string) => docker.stages.find((s) => s.name === name)!;
const steps = (name: string, op: string) => stage(name).steps.filter((s) => s.op === op).map((s) => s.args);
const resolveArgs = (s: string) => s.replace(/\$\{(\w+)\}/g, (_, k: string) => docker.args[k] ?? `<${k}?>`);
const runtimeEnv = Object.fromEntries(steps('runtime', 'ENV').flatMap((a) => [...a.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!])));
const pkg = JSON.parse(read('package.json')) as { devDependencies: Record<string, string>; scripts: Record<string, string> };

/** COPY without --from: [sources, destination]. */
function contextCopies(s: Stage): { sources: string[]; dest: string }[] {
  return s.steps
    .filter((i) => i.op === 'COPY' && !/--from=/.test(i.args))
    .map((i) => {
      const parts = i.args.split(' ').filter((p) => !p.startsWith('--'));
      return { sources: parts.slice(0, -1), dest: parts.at(-1)! };
    });
}

describe('Dockerfile', () => {
  test('four stages: npm ci from the lockfile, vite build under Bun, pruned dependencies, a Bun runtime', () => {
    expect(docker.stages.map((s) => [s.name, resolveArgs(s.from)])).toEqual([
      ['deps', `node:${docker.args.NODE_VERSION}-bookworm-slim`],
      ['build', `oven/bun:${pkg.devDependencies.bun}`],
      ['prod-deps', 'deps'],
      ['runtime', `oven/bun:${pkg.devDependencies.bun}-slim`],
    ]);
    // npm is this repository's package manager (README: npm install): the image installs from package-lock.json.
    expect(existsSync(join(ROOT, 'package-lock.json'))).toBe(true);
    expect(steps('deps', 'RUN').join(' ')).toContain('npm ci');
    expect(steps('build', 'RUN')).toEqual(['bunx --bun vite build']);
    expect(steps('prod-deps', 'RUN').join(' ')).toContain('npm prune --omit=dev');
  });

  test('the runtime runs as a non-root user with the database on the /data volume, a health check and a CMD', () => {
    const users = steps('runtime', 'USER');
    expect(users).toHaveLength(1);
    expect(users[0]).not.toMatch(/^(root|0)(:|$)/);
    expect(steps('runtime', 'VOLUME')).toEqual(['["/data"]']);
    expect(runtimeEnv.DATABASE_URL).toBe('file:/data/kwt-delivery.db');
    expect(runtimeEnv.CAPTURES_DIR).toStartWith('/data/');
    expect(steps('runtime', 'EXPOSE')).toEqual([runtimeEnv.PORT!]);
    const health = steps('runtime', 'HEALTHCHECK');
    expect(health).toHaveLength(1);
    expect(health[0]).toMatch(/^--interval=\d+s --timeout=\d+s .*CMD \[/);
    expect(health[0]).toContain("/healthz'");
    expect(steps('runtime', 'STOPSIGNAL')).toEqual(['SIGTERM']);
    const cmd = JSON.parse(steps('runtime', 'CMD')[0]!) as string[];
    expect(cmd).toEqual(['bun', 'src/server/index.ts']);
    expect(pkg.scripts.start).toBe('bun src/server/index.ts');
    // Build-only things never reach the runtime: dev dependencies are pruned, tests and sources of the SPA stay out.
    expect(stage('runtime').steps.filter((i) => i.op === 'COPY').map((i) => i.args)).toContain('--from=prod-deps /app/node_modules ./node_modules');
  });

  test('every file a COPY takes from the context exists and is not in .dockerignore', () => {
    const ignored = read('.dockerignore').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    const stageNames = docker.stages.map((s) => s.name);
    for (const s of docker.stages) {
      for (const { sources } of contextCopies(s)) {
        for (const src of sources) {
          expect({ src, exists: existsSync(join(ROOT, src)) }).toEqual({ src, exists: true });
          if (src !== '.') expect({ src, ignored: ignored.includes(src) || ignored.includes(src.split('/')[0]!) }).toEqual({ src, ignored: false });
        }
      }
      for (const i of s.steps.filter((x) => x.op === 'COPY' && /--from=/.test(x.args))) {
        const from = /--from=(\S+)/.exec(i.args)![1]!;
        expect(stageNames.slice(0, stageNames.indexOf(s.name))).toContain(from);
      }
    }
    for (const must of ['node_modules', 'dist', 'data', '.env', '**/*.test.ts']) expect(ignored).toContain(must);
  });

  test('the runtime image holds every module the server and the backup command import', () => {
    const copied = contextCopies(stage('runtime')).flatMap((c) => c.sources);
    const inImage = (file: string) => copied.some((src) => file === src || file.startsWith(`${src}/`));
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = read(file);
      // Value imports only: `import type` is erased before Bun runs the file.
      for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|new URL\(\s*['"](\.[^'"]+)['"]/gm)) {
        const spec = m[1] ?? m[2] ?? m[3]!;
        const base = resolve(dirname(join(ROOT, file)), spec);
        // A module file, or a folder read at run time (new URL('./migrations', import.meta.url)).
        const target = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p) && (statSync(p).isFile() || !!m[3]));
        expect({ from: file, spec, found: !!target }).toEqual({ from: file, spec, found: true });
        const rel = relative(ROOT, target!);
        expect({ module: rel, inImage: inImage(rel) }).toEqual({ module: rel, inImage: true });
        if (/\.tsx?$/.test(rel) && statSync(target!).isFile()) walk(rel);
      }
    };
    walk('src/server/index.ts');
    walk('scripts/db-backup.ts');
    walk('scripts/db.ts');
    expect(seen.size).toBeGreaterThan(100);
    expect(inImage('db/migrations/meta/_journal.json')).toBe(true);
  });

  test("the image's settings pass the app's env parser in production", () => {
    const env = parseEnv(runtimeEnv);
    expect([env.NODE_ENV, env.PORT, env.DATABASE_URL, env.SKIP_BUILD, env.SEED_DEMO]).toEqual(['production', 3000, 'file:/data/kwt-delivery.db', true, false]);
  });
});

describe('fly.toml', () => {
  const fly = Bun.TOML.parse(read('fly.toml')) as {
    app: string;
    primary_region: string;
    kill_signal: string;
    kill_timeout: number;
    build: { dockerfile: string };
    env: Record<string, string>;
    mounts: { source: string; destination: string };
    http_service: { internal_port: number; auto_stop_machines: string; min_machines_running: number; checks: { path: string; method: string }[] };
  };

  test('its internal port is the port the app listens on, and the checks are /healthz and /readyz', () => {
    expect(fly.http_service.internal_port).toBe(Number(fly.env.PORT));
    expect(String(fly.http_service.internal_port)).toBe(runtimeEnv.PORT!);
    expect(fly.http_service.checks.map((c) => [c.method, c.path])).toEqual([
      ['GET', '/healthz'],
      ['GET', '/readyz'],
    ]);
    expect(existsSync(join(ROOT, fly.build.dockerfile))).toBe(true);
  });

  test('one machine keeps the embedded database on its volume, and gets time to drain', () => {
    expect(fly.mounts.destination).toBe('/data');
    expect(fly.env.DATABASE_URL).toStartWith(`file:${fly.mounts.destination}/`);
    expect(fly.http_service.auto_stop_machines).toBe('off');
    expect(fly.http_service.min_machines_running).toBe(1);
    expect(fly.kill_signal).toBe('SIGTERM');
    expect(fly.kill_timeout * 1000).toBeGreaterThan(Number(fly.env.SHUTDOWN_TIMEOUT_MS));
    expect(fly.primary_region).toMatch(/^[a-z]{3}$/);
  });

  test("its [env] passes the app's env parser", () => {
    const env = parseEnv({ ...runtimeEnv, ...fly.env });
    expect([env.PORT, env.TRUST_PROXY, env.LOG_LEVEL, env.DATABASE_URL]).toEqual([3000, true, 'info', 'file:/data/kwt-delivery.db']);
  });
});
