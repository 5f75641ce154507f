/**
 * Row counts and a SHA-256 of every table of scale data sets, to check that the same --seed and --now give the
 * same file (docs/benchmarks.md, "Scale data set"). Rows are hashed in primary-key order; users.password_hash is
 * left out (its salt is random by design, the one column that differs).
 *
 * Usage: bun bench/data/digest.ts .tmp/a.db [.tmp/b.db …]   (exits 1 when two sets differ)
 */
import { createHash } from 'node:crypto';
import Database from 'libsql';

function digest(file: string): Map<string, string> {
  const db = new Database(file, { readonly: true });
  const out = new Map<string, string>();
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\' ORDER BY name").raw(true).all() as [string][];
  for (const [table] of tables) {
    const cols = (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string; pk: number }[]).filter((c) => !(table === 'users' && c.name === 'password_hash'));
    const keys = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    const order = (keys.length ? keys : cols).map((c) => `"${c.name}"`).join(', ');
    const hash = createHash('sha256');
    let rows = 0;
    for (const row of db.prepare(`SELECT ${cols.map((c) => `"${c.name}"`).join(', ')} FROM "${table}" ORDER BY ${order}`).raw(true).iterate()) {
      hash.update(JSON.stringify(row, (_, v) => (typeof v === 'bigint' ? String(v) : v)));
      hash.update('\n');
      rows++;
    }
    out.set(table, `${String(rows).padStart(10)}  ${hash.digest('hex').slice(0, 16)}`);
  }
  db.close();
  return out;
}

const files = process.argv.slice(2);
if (!files.length) throw new Error('usage: bun bench/data/digest.ts <db> [<db> …]');
const sets = files.map(digest);
const names = [...new Set(sets.flatMap((s) => [...s.keys()]))].sort();
console.log(`${'table'.padEnd(26)}${files.map((f) => `${f}: rows  sha256`.padStart(30)).join('')}`);
let same = true;
for (const name of names) {
  const cells = sets.map((s) => s.get(name) ?? '(missing)');
  const differs = cells.some((c) => c !== cells[0]);
  same &&= !differs;
  console.log(`${name.padEnd(26)}${cells.map((c) => c.padStart(30)).join('')}${differs ? '  DIFFERS' : ''}`);
}
if (files.length > 1) console.log(same ? 'Identical: every table has the same rows.' : 'The sets differ.');
process.exitCode = same ? 0 : 1;
