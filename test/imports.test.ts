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
  mcp: ['src/server/ai', 'src/server/services', 'src/server/lib', 'src/server/env', 'src/server/errors', 'src/shared', 'db'],
};

function* sourceFiles(dir: string, withTests = false): Generator<string> {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'node_modules' && !name.startsWith('.')) yield* sourceFiles(full, withTests);
    } else if (/\.(ts|tsx)$/.test(name) && (withTests || !/\.(test|spec|e2e)\.tsx?$/.test(name)) && !name.endsWith('.d.ts')) {
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

/**
 * Services by domain (docs/architecture.md, issue 24): each folder of src/server/services is a domain whose
 * index.ts is its public face. A file outside src/server/services/<domain>/ (another domain, a door, mcp, db,
 * a script, a bench, a test elsewhere) reaches that domain only through its index.ts; inside the folder files
 * import each other directly, and its own tests may import its internals. src/server/lib holds the helpers that
 * are not business rules and is importable by anyone on the server side. Type imports count too: this reads
 * every module specifier of the source text, not the transpiler's value imports.
 */
const SERVICES = 'src/server/services';
const DOMAIN_ROOTS = ['src', 'mcp', 'db', 'bench', 'scripts', 'test', 'tests', 'routes'];
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]*)['"]/gm;

const domainOf = (rel: string): string | null => {
  const parts = rel.split('/');
  return within(rel, SERVICES) && parts.length > 4 ? (parts[3] ?? null) : null;
};

/** `from` (a file, relative to the root) reaching into a domain other than its own past the domain's index.ts. */
export function domainViolations(from: string, source: string): string[] {
  const out: string[] = [];
  const own = domainOf(from);
  for (const match of source.matchAll(SPECIFIER)) {
    const to = normalize(join(dirname(from), match[1] ?? '')).replace(/\.tsx?$/, '').replace(/\/index$/, '');
    const domain = domainOf(`${to}/x`);
    if (!domain || domain === own) continue;
    if (to !== `${SERVICES}/${domain}`) out.push(`${from} → ${to} (import ${SERVICES}/${domain} instead)`);
  }
  return out;
}

function domainWallViolations(): string[] {
  const out: string[] = [];
  for (const root of DOMAIN_ROOTS) {
    for (const file of sourceFiles(join(ROOT, root), true)) {
      const from = relative(ROOT, file);
      if (from === 'test/imports.test.ts') continue; // its own examples below
      out.push(...domainViolations(from, readFileSync(file, 'utf8')));
    }
  }
  return out;
}

describe('services by domain: other folders import a domain only through its index.ts', () => {
  test('no file reaches into another domain past its index.ts', () => {
    expect(domainWallViolations()).toEqual([]);
  });

  test('the check itself catches a reach past the index, and lets the index, lib and own-folder imports through', () => {
    expect(domainViolations('src/server/trpc/routers/orders.ts', `import { x } from '../../services/orders/order-queries';`)).toEqual([
      'src/server/trpc/routers/orders.ts → src/server/services/orders/order-queries (import src/server/services/orders instead)',
    ]);
    expect(domainViolations('mcp/tools.ts', `import type { T } from '../src/server/services/cash/ledger';`)).toEqual([
      'mcp/tools.ts → src/server/services/cash/ledger (import src/server/services/cash instead)',
    ]);
    expect(domainViolations('src/server/services/rider/duty.ts', `import { a } from '../compliance/guards';`)).toEqual([
      'src/server/services/rider/duty.ts → src/server/services/compliance/guards (import src/server/services/compliance instead)',
    ]);
    const allowed = [
      `import { x } from '../../services/orders';`,
      `import { y } from '../../services/orders/index.ts';`,
      `import { z } from '../../lib/audit';`,
    ].join('\n');
    expect(domainViolations('src/server/trpc/routers/orders.ts', allowed)).toEqual([]);
    expect(domainViolations('src/server/services/cash/ledger.test.ts', `import { f } from './fifo'; import { g } from '../cash/amounts';`)).toEqual([]);
  });
});

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
