/**
 * Bulk loading for the scale data set (docs/benchmarks.md, "Scale data set"): multi-row INSERTs through the
 * `libsql` driver with each statement prepared once (through @libsql/client every execute prepares again and
 * the native memory of those statements is not given back), committed every 50 statements (one transaction
 * over the whole load spills dirty pages and was ~3× slower), with the big tables' secondary indexes and
 * triggers dropped until the rows are in (a sorted index build beats maintaining them row by row).
 */
import type { Client } from '@libsql/client';
import type Database from 'libsql';

/** What one table's INSERT statements wrote and how long they took (generation not included). */
export interface BulkTable {
  table: string;
  rows: number;
  ms: number;
}

/** An index or trigger dropped for the load, with the SQL that makes it again. */
export interface Dropped {
  type: 'index' | 'trigger';
  name: string;
  table: string;
  sql: string;
}

/**
 * Drops the named tables' secondary indexes (the ones with SQL: primary keys and UNIQUE column constraints
 * stay) and their triggers (the order rollups' and the ledger's append-only guard), and returns them for
 * finishLoad to make again.
 */
export async function dropForBulkLoad(client: Client, tables: readonly string[]): Promise<Dropped[]> {
  const marks = tables.map(() => '?').join(', ');
  const rs = await client.execute({
    sql: `SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND tbl_name IN (${marks}) ORDER BY type, tbl_name, name`,
    args: [...tables],
  });
  const dropped = rs.rows.map((r) => ({ type: String(r.type) as Dropped['type'], name: String(r.name), table: String(r.tbl_name), sql: String(r.sql) }));
  for (const d of dropped) await client.execute(`DROP ${d.type.toUpperCase()} "${d.name}"`);
  return dropped;
}

/** SQLite's bound on host parameters in one statement. */
const MAX_PARAMS = 32_766;
const ROWS_PER_STATEMENT = 2_000;
const STATEMENTS_PER_COMMIT = 50;

export type Value = string | number | null;

/** Rows of one table, buffered and written `perStatement` at a time. */
export class Inserter {
  private buffer: Value[] = [];
  private readonly perStatement: number;
  private full?: Database.Statement;
  private readonly stats: BulkTable;

  constructor(
    private readonly loader: Loader,
    readonly table: string,
    private readonly columns: readonly string[],
  ) {
    this.perStatement = Math.min(ROWS_PER_STATEMENT, Math.floor(MAX_PARAMS / columns.length));
    this.stats = { table, rows: 0, ms: 0 };
  }

  /** One row, its values in the order of `columns` (booleans as 0/1, instants as ms). */
  add(row: readonly Value[]): void {
    if (row.length !== this.columns.length) throw new Error(`${this.table}: ${row.length} values for ${this.columns.length} columns`);
    for (const v of row) this.buffer.push(v);
    if (this.buffer.length === this.perStatement * this.columns.length) {
      this.full ??= this.loader.prepare(this.sql(this.perStatement));
      this.write(this.full);
    }
  }

  /** Writes what is buffered; the table's figures. */
  end(): BulkTable {
    const rows = this.buffer.length / this.columns.length;
    if (rows > 0) this.write(this.loader.prepare(this.sql(rows)));
    return this.stats;
  }

  private sql(rows: number): string {
    const one = `(${this.columns.map(() => '?').join(', ')})`;
    return `INSERT INTO ${this.table} (${this.columns.join(', ')}) VALUES ${Array(rows).fill(one).join(', ')}`;
  }

  private write(statement: Database.Statement): void {
    const t = performance.now();
    statement.run(this.buffer);
    this.stats.ms += performance.now() - t;
    this.stats.rows += this.buffer.length / this.columns.length;
    this.buffer = [];
    this.loader.wrote();
  }
}

/** One connection's load: transactions of 50 statements, statements prepared once per SQL text. */
export class Loader {
  private readonly statements = new Map<string, Database.Statement>();
  private sinceCommit = 0;

  constructor(private readonly conn: Database.Database) {
    conn.exec('BEGIN');
  }

  table(name: string, columns: readonly string[]): Inserter {
    return new Inserter(this, name, columns);
  }

  prepare(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) this.statements.set(sql, (s = this.conn.prepare(sql)));
    return s;
  }

  /** A single statement (the riders' last positions), prepared once. */
  run(sql: string, params: readonly Value[]): void {
    this.prepare(sql).run([...params]);
    this.wrote();
  }

  /** Counts a statement; commits every 50. */
  wrote(): void {
    if (++this.sinceCommit < STATEMENTS_PER_COMMIT) return;
    this.conn.exec('COMMIT');
    this.conn.exec('BEGIN');
    this.sinceCommit = 0;
  }

  /** Commits the last transaction. Every Inserter must have been ended first. */
  commit(): void {
    this.conn.exec('COMMIT');
    this.statements.clear();
  }
}
