import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** DESIGN.md's dependency directions, enforced by reading every import. */
const ROOT = resolve(import.meta.dir, '..');

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const p = join(dir, name);
    if (statSync(join(ROOT, p)).isDirectory()) out.push(...files(p));
    else if (/\.(ts|tsx)$/.test(name) && !/\.(test|e2e)\.tsx?$/.test(name) && !name.endsWith('.gen.ts')) out.push(p);
  }
  return out;
}

/** Runtime imports only: `import type` is allowed across layers. */
function imports(file: string): string[] {
  const src = readFileSync(join(ROOT, file), 'utf8');
  const specs: string[] = [];
  for (const m of src.matchAll(/^\s*(import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]/gm)) specs.push(m[2]!);
  for (const m of src.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) specs.push(m[1]!);
  return specs;
}

function resolvedTarget(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  return relative(ROOT, resolve(ROOT, file, '..', spec));
}

const RULES: { layer: string; allowPackages: RegExp; forbidLayers: string[] }[] = [
  { layer: 'src/shared', allowPackages: /^zod$/, forbidLayers: ['src/server', 'src/client', 'db', 'routes', 'mcp'] },
  { layer: 'db', allowPackages: /^(drizzle-orm(\/.*)?|@libsql\/client|libsql|node:.*)$/, forbidLayers: ['src/server', 'src/client', 'routes', 'mcp'] },
  { layer: 'src/client', allowPackages: /.*/, forbidLayers: ['src/server', 'db', 'mcp'] },
  { layer: 'routes', allowPackages: /.*/, forbidLayers: ['src/server', 'db', 'mcp'] },
];

describe('dependency directions (DESIGN.md)', () => {
  for (const rule of RULES) {
    test(`${rule.layer} imports only what it may`, () => {
      const violations: string[] = [];
      for (const file of files(rule.layer)) {
        for (const spec of imports(file)) {
          const target = resolvedTarget(file, spec);
          if (target === null) {
            if (!rule.allowPackages.test(spec)) violations.push(`${file} → ${spec}`);
          } else if (rule.forbidLayers.some((l) => target === l || target.startsWith(`${l}/`))) {
            violations.push(`${file} → ${target}`);
          }
        }
      }
      expect(violations).toEqual([]);
    });
  }

  test('only src/server/env.ts reads process.env in server code', () => {
    const readers = files('src/server').filter((f) => f !== 'src/server/env.ts' && /process\.env/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(readers).toEqual([]);
  });
});
