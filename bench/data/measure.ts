/**
 * What bench/dashboards.ts measures with: the SQL a service sends (captured at the client, so it is what
 * drizzle built, not what we think it built), the plan SQLite makes for each statement, and percentiles.
 */
import type { InArgs, InStatement } from '@libsql/client';
import type { Db } from '../../db/client';

export interface Captured {
  sql: string;
  args: InArgs;
}

const asCaptured = (s: InStatement | string, args?: InArgs): Captured =>
  typeof s === 'string' ? { sql: s, args: args ?? [] } : Array.isArray(s) ? { sql: s[0], args: s[1] ?? [] } : { sql: s.sql, args: s.args ?? [] };

/**
 * Every statement `fn` sends through the database's client (execute and batch), in order. The client's methods
 * are wrapped for the call and put back after it, so nothing else should use `db` meanwhile.
 */
export async function captureSql(db: Db, fn: () => Promise<unknown>): Promise<Captured[]> {
  const client = db.$client;
  const { execute, batch } = client;
  const seen: Captured[] = [];
  client.execute = ((s: InStatement | string, args?: InArgs) => {
    seen.push(asCaptured(s, args));
    return (execute as (s: InStatement | string, args?: InArgs) => ReturnType<typeof execute>).call(client, s, args);
  }) as typeof client.execute;
  client.batch = ((stmts: (InStatement | [string, InArgs?])[], mode?: Parameters<typeof batch>[1]) => {
    for (const s of stmts) seen.push(asCaptured(s as InStatement));
    return batch.call(client, stmts as InStatement[], mode);
  }) as typeof client.batch;
  try {
    await fn();
  } finally {
    client.execute = execute;
    client.batch = batch;
  }
  return seen;
}

/** EXPLAIN QUERY PLAN of one captured statement, as an indented tree (one line per step). */
export async function explain(db: Db, st: Captured): Promise<string[]> {
  const rs = await db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${st.sql}`, args: st.args });
  const depth = new Map<number, number>([[0, -1]]);
  return rs.rows.map((row) => {
    const d = (depth.get(Number(row.parent)) ?? -1) + 1;
    depth.set(Number(row.id), d);
    return `${'  '.repeat(d)}${String(row.detail)}`;
  });
}

/** The p-th quantile (0–1) of the samples, nearest rank. */
export function percentile(samples: readonly number[], p: number): number {
  if (!samples.length) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}
