import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * The dependency directions of ../shared/DESIGN.md for the server side (src/server,
 * mcp), on the real import graph as Bun's transpiler sees it (value imports only:
 * `import type` and `import { type X }` are erased and may cross any line).
 * test/architecture.test.ts covers src/shared, db, src/client and routes.
 */
const ROOT = join(import.meta.dir, '..');

type Area = 'src/server' | 'mcp';
const AREAS: Area[] = ['src/server', 'mcp'];

/** Which folders each area may import values from, besides its own (never the client, routes or tests). */
const MAY_IMPORT: Record<Area, readonly string[]> = {
  'src/server': ['db', 'src/shared', 'mcp/server'],
  // An adapter like the HTTP doors: the tool catalogue and services, config, errors and the db client to start on.
  mcp: ['src/server/ai', 'src/server/services', 'src/server/env', 'src/server/errors', 'src/shared', 'db'],
};

function* sourceFiles(dir: string): Generator<string> {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'node_modules' && !name.startsWith('.')) yield* sourceFiles(full);
    } else if (/\.(ts|tsx)$/.test(name) && !/\.(test|spec|e2e)\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
      yield full;
    }
  }
}

const within = (rel: string, prefix: string) => rel === prefix || rel.startsWith(`${prefix}/`) || rel.startsWith(`${prefix}.`);

function violations(): string[] {
  const out: string[] = [];
  const ts = new Bun.Transpiler({ loader: 'ts' });
  const tsx = new Bun.Transpiler({ loader: 'tsx' });
  for (const area of AREAS) {
    for (const file of sourceFiles(join(ROOT, area))) {
      const from = relative(ROOT, file);
      let imports: { path: string; kind: string }[];
      try {
        imports = (file.endsWith('.tsx') ? tsx : ts).scanImports(readFileSync(file, 'utf8'));
      } catch (err) {
        out.push(`${from}: could not be parsed (${(err as Error).message})`);
        continue;
      }
      for (const imp of imports) {
        if (!imp.path.startsWith('.')) continue;
        const to = normalize(relative(ROOT, join(dirname(file), imp.path)));
        if (within(to, area)) continue;
        if (MAY_IMPORT[area].some((p) => within(to, p))) continue;
        out.push(`${from} → ${to}`);
      }
    }
  }
  return out;
}

describe('server-side import directions (DESIGN.md)', () => {
  test('no value import crosses a forbidden line', () => {
    expect(violations()).toEqual([]);
  });

  test('the check itself catches a bad import', () => {
    const transpiler = new Bun.Transpiler({ loader: 'tsx' });
    const found = transpiler.scanImports(`import type { AppRouter } from '../server/trpc/root'; import { createDb } from '../../db/client';`);
    expect(found.map((i) => i.path)).toEqual(['../../db/client']);
  });
});
