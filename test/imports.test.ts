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

/**
 * The layers' walls (issue 24 item 9), on every module specifier of the source text: relative paths and
 * package names, `import type` included where a rule says so, and a worker started by its URL
 * (`new URL('…', import.meta.url)`) as an edge like an import.
 */
export interface Edge {
  from: string;
  /** A path relative to the root for a relative specifier, else the package name as written. */
  to: string;
  isPackage: boolean;
  /** `import type`, `export type`, or `import { type A, type B }`: erased at build. */
  typeOnly: boolean;
}

const STATEMENT = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bnew\s+URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/gm;
const allTypes = (clause: string) => /^\{[\s\S]*\}$/.test(clause.trim()) && clause.replace(/[{}]/g, '').split(',').map((s) => s.trim()).filter(Boolean).every((s) => s.startsWith('type '));

export function edgesOf(from: string, source: string): Edge[] {
  const out: Edge[] = [];
  for (const m of source.matchAll(STATEMENT)) {
    const spec = m[4] ?? m[5] ?? m[6] ?? m[7];
    if (!spec) continue;
    const isPackage = !spec.startsWith('.');
    const to = isPackage ? spec : normalize(join(dirname(from), spec));
    out.push({ from, to, isPackage, typeOnly: Boolean(m[2]) || (m[3] !== undefined && allTypes(m[3])) });
  }
  return out;
}

const DOORS = ['src/server/trpc', 'src/server/rest', 'src/server/http', 'mcp', 'src/server/ai/tools'];
const CLIENT = ['src/client', 'routes'];
const SERVER_CODE = ['src/server', 'db', 'mcp'];
/** Packages that only run on the server: the client may not even name them in a value import. */
const SERVER_PACKAGES = /^(drizzle-orm|@libsql\/|libsql|hono|@hono\/|@modelcontextprotocol\/|@anthropic-ai\/|nodemailer|sharp|arctic|bun$|bun:(?!test))/;
const isPkg = (to: string, name: string) => to === name || to.startsWith(`${name}/`);
const under = (path: string, roots: readonly string[]) => roots.some((r) => within(path, r));

/**
 * Edges that cross a wall on purpose, each with its reason. The server starts the renderer's worker by its
 * file (src/server/ssr/renderer.ts): the worker is client code run in a thread, not imported.
 * mcp/ is an adapter: its server serves the tool catalogue (ai/tool, ai/tools: the tools are the doors,
 * MCP their transport) and turns domain errors into MCP errors; its stdio entry starts a process as
 * src/server/index.ts does (config, database, migrations).
 */
export const KNOWN_EDGES: readonly string[] = [
  'src/server/ssr/renderer.ts → routes/-ssr/render-worker.tsx',
  'mcp/server.ts → src/server/ai/tools',
  'mcp/server.ts → src/server/ai/tool',
  'mcp/server.ts → src/server/errors',
  'mcp/server.ts → db/client',
  'mcp/stdio.ts → db/client',
  'mcp/stdio.ts → db/migrate',
  'mcp/stdio.ts → src/server/env',
];

/** What `edge` breaks, or null. */
export function wallBroken(edge: Edge): string | null {
  const { from, to, isPackage, typeOnly } = edge;
  if (under(from, DOORS) && (isPackage ? isPkg(to, 'drizzle-orm') : within(to, 'db/schema'))) return 'a door reaches the database itself (call a service)';
  if (within(from, SERVICES) && !isPackage && under(to, ['src/server/ai', 'src/server/http', 'src/server/trpc', 'src/server/rest'])) return 'a service depends on a door';
  if (within(from, 'src/server/lib') && !isPackage && under(to, [SERVICES, 'src/server/ai', 'src/server/http', 'src/server/trpc', 'src/server/rest'])) return 'lib depends on the services or a door (invert it)';
  if (within(from, 'mcp') && !isPackage && !under(to, ['mcp', SERVICES, 'src/server/lib', 'src/shared'])) return 'mcp/ imports only services, lib and shared';
  if (under(from, CLIENT) && !typeOnly && (isPackage ? SERVER_PACKAGES.test(to) : under(to, SERVER_CODE))) return 'client code imports server code (types only)';
  return null;
}

export function wallViolations(files: { from: string; source: string }[], known: readonly string[] = KNOWN_EDGES): string[] {
  const out: string[] = [];
  for (const { from, source } of files) {
    for (const edge of edgesOf(from, source)) {
      const why = wallBroken(edge);
      const to = edge.isPackage ? edge.to : edge.to.replace(/\.tsx?$/, '').replace(/\/index$/, '');
      if (why && !known.includes(`${from} → ${to}`) && !known.includes(`${from} → ${edge.to}`)) out.push(`${from} → ${to}: ${why}`);
    }
  }
  return out;
}

const treeFiles = () =>
  ['src', 'mcp', 'routes'].flatMap((root) => [...sourceFiles(join(ROOT, root))].map((file) => ({ from: relative(ROOT, file), source: readFileSync(file, 'utf8') })));

describe('layer walls: doors, services, lib, mcp and the client (issue 24)', () => {
  test('no file crosses a wall, packages and type imports included where the rule says so', () => {
    expect(wallViolations(treeFiles())).toEqual([]);
  });

  test('every known edge still exists (a stale exception is removed, not kept)', () => {
    const edges = new Set(treeFiles().flatMap(({ from, source }) => edgesOf(from, source).map((e) => `${from} → ${e.to.replace(/\.tsx?$/, '').replace(/\/index$/, '')}`)));
    expect(KNOWN_EDGES.filter((k) => !edges.has(k) && !edges.has(k.replace(/\.tsx$/, '')))).toEqual([]);
  });

  test('the check itself catches each kind of breach, and lets the allowed ones through', () => {
    const planted = [
      { from: 'src/server/trpc/routers/orders.ts', source: `import { eq } from 'drizzle-orm';\nimport type { orders } from '../../../../db/schema';` },
      { from: 'src/server/ai/tools/cash.ts', source: `import { cashLedger } from '../../../../db/schema/cash';` },
      { from: 'src/server/services/support/tickets.ts', source: `import type { AiScope } from '../../ai/tool';` },
      { from: 'src/server/services/integrations/webhook-dispatch.ts', source: `import { runInLocale } from '../../http/locale';` },
      { from: 'src/server/lib/housekeeping.ts', source: `import { pruneLoginAttempts } from '../services/identity';` },
      { from: 'mcp/server.ts', source: `import { appRouter } from '../src/server/trpc/root';` },
      { from: 'routes/app.tsx', source: `import { orders } from '../db/schema';\nimport { Hono } from 'hono';\nconst m = await import('../src/server/services/orders');` },
    ];
    expect(wallViolations(planted, [])).toEqual([
      'src/server/trpc/routers/orders.ts → drizzle-orm: a door reaches the database itself (call a service)',
      'src/server/trpc/routers/orders.ts → db/schema: a door reaches the database itself (call a service)',
      'src/server/ai/tools/cash.ts → db/schema/cash: a door reaches the database itself (call a service)',
      'src/server/services/support/tickets.ts → src/server/ai/tool: a service depends on a door',
      'src/server/services/integrations/webhook-dispatch.ts → src/server/http/locale: a service depends on a door',
      'src/server/lib/housekeeping.ts → src/server/services/identity: lib depends on the services or a door (invert it)',
      'mcp/server.ts → src/server/trpc/root: mcp/ imports only services, lib and shared',
      'routes/app.tsx → db/schema: client code imports server code (types only)',
      'routes/app.tsx → hono: client code imports server code (types only)',
      'routes/app.tsx → src/server/services/orders: client code imports server code (types only)',
    ]);
    const allowed = [
      { from: 'routes/app.tsx', source: `import type { AppRouter } from '../src/server/trpc/root';\nimport { type RouterOutputs, type X } from '../src/server/trpc/types';\nimport { useQuery } from '@tanstack/react-query';` },
      { from: 'src/server/trpc/routers/orders.ts', source: `import { listOrders } from '../../services/orders';\nimport { z } from 'zod';` },
      { from: 'src/server/services/orders/order-queries.ts', source: `import { eq } from 'drizzle-orm';\nimport { orders } from '../../../../db/schema';\nimport { audit } from '../../lib/audit';` },
      { from: 'mcp/server.ts', source: `import { listOrders } from '../src/server/services/orders';\nimport { z } from 'zod';\nimport { Server } from '@modelcontextprotocol/sdk/server/index.js';` },
      { from: 'src/server/ssr/renderer.ts', source: `const script = new URL('../../../routes/-ssr/render-worker.tsx', import.meta.url);` },
    ];
    expect(wallViolations(allowed)).toEqual([]);
    expect(edgesOf('src/server/ssr/renderer.ts', allowed[4]!.source)).toEqual([{ from: 'src/server/ssr/renderer.ts', to: 'routes/-ssr/render-worker.tsx', isPackage: false, typeOnly: false }]);
  });
});
