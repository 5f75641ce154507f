/**
 * A stand-in libSQL server for tests: the Hrana protocol, version 2, over HTTP (`GET /v2`,
 * `POST /v2/pipeline`), answered from an SQLite file through the `libsql` package. Enough of the protocol for
 * @libsql/client's remote client: execute, batch with conditions, sequence, get_autocommit, store_sql/close_sql
 * and close, with streams (one connection each) kept between requests by their baton. It checks the bearer
 * token when one is given. No real sqld can be installed here (docs/deploy.md).
 *
 * Like sqld, it lets one stream's transaction run at a time and queues the other streams' requests until it
 * ends (commit, rollback or close), instead of leaving them to SQLite's busy timeout: that wait would block this
 * process's only thread, so the open transaction could never send its COMMIT (issue 22: 20 concurrent changes).
 *
 * Run as its own process: `bun test/fake-libsql-server.ts <file> [token]`; prints `PORT <n>`.
 */
import Database from 'libsql';

type Conn = InstanceType<typeof Database>;
type Value = { type: 'null' } | { type: 'integer'; value: string } | { type: 'float'; value: number } | { type: 'text'; value: string } | { type: 'blob'; base64: string };
interface Stmt {
  sql?: string;
  sql_id?: number;
  args?: Value[];
  named_args?: { name: string; value: Value }[];
  want_rows?: boolean;
}
type Cond = { type: 'ok' | 'error'; step: number } | { type: 'not'; cond: Cond } | { type: 'and' | 'or'; conds: Cond[] } | { type: 'is_autocommit' };
interface Stream {
  conn: Conn;
  sqls: Map<number, string>;
}

const [file, token] = process.argv.slice(2) as [string, string | undefined];
const streams = new Map<string, Stream>();

function open(): Stream {
  const conn = new Database(file);
  conn.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON');
  return { conn, sqls: new Map() };
}

const decode = (v: Value): unknown => {
  switch (v.type) {
    case 'null':
      return null;
    case 'integer':
      return BigInt(v.value);
    case 'float':
      return v.value;
    case 'text':
      return v.value;
    case 'blob':
      return Buffer.from(v.base64, 'base64');
  }
};

const encode = (v: unknown): Value => {
  if (v === null || v === undefined) return { type: 'null' };
  if (typeof v === 'bigint') return { type: 'integer', value: v.toString() };
  if (typeof v === 'number') return Number.isInteger(v) ? { type: 'integer', value: String(v) } : { type: 'float', value: v };
  if (typeof v === 'string') return { type: 'text', value: v };
  return { type: 'blob', base64: Buffer.from(v as Uint8Array).toString('base64') };
};

function execute(s: Stream, stmt: Stmt) {
  const sql = stmt.sql ?? s.sqls.get(stmt.sql_id!)!;
  const prepared = s.conn.prepare(sql);
  const args: unknown[] | Record<string, unknown> = stmt.named_args?.length
    ? Object.fromEntries(stmt.named_args.map((a) => [a.name.replace(/^[:@$]/, ''), decode(a.value)]))
    : (stmt.args ?? []).map(decode);
  const params = Array.isArray(args) ? args : [args];
  if (prepared.reader) {
    const cols = prepared.columns().map((c) => ({ name: c.name, decltype: c.type ?? null }));
    const rows = (prepared.raw(true).safeIntegers(true).all(...params) as unknown[][]).map((r) => r.map(encode));
    return { cols, rows, affected_row_count: 0, last_insert_rowid: null };
  }
  const info = prepared.run(...params);
  return { cols: [], rows: [], affected_row_count: Number(info.changes), last_insert_rowid: String(info.lastInsertRowid) };
}

const failure = (err: unknown) => ({ message: (err as Error).message, code: (err as { code?: string }).code ?? 'UNKNOWN' });

function batch(s: Stream, steps: { condition?: Cond; stmt: Stmt }[]) {
  const results: unknown[] = [];
  const errors: unknown[] = [];
  const holds = (c: Cond): boolean => {
    switch (c.type) {
      case 'ok':
        return results[c.step] != null;
      case 'error':
        return errors[c.step] != null;
      case 'not':
        return !holds(c.cond);
      case 'and':
        return c.conds.every(holds);
      case 'or':
        return c.conds.some(holds);
      case 'is_autocommit':
        return !s.conn.inTransaction;
    }
  };
  steps.forEach((step, i) => {
    results[i] = null;
    errors[i] = null;
    if (step.condition && !holds(step.condition)) return;
    try {
      results[i] = execute(s, step.stmt);
    } catch (err) {
      errors[i] = failure(err);
    }
  });
  return { step_results: results, step_errors: errors };
}

function handle(s: Stream, req: { type: string } & Record<string, unknown>): { closed: boolean; result: unknown } {
  const ok = (response: unknown) => ({ closed: false, result: { type: 'ok', response } });
  try {
    switch (req.type) {
      case 'execute':
        return ok({ type: 'execute', result: execute(s, req.stmt as Stmt) });
      case 'batch':
        return ok({ type: 'batch', result: batch(s, (req.batch as { steps: { condition?: Cond; stmt: Stmt }[] }).steps) });
      case 'sequence':
        s.conn.exec((req.sql as string | undefined) ?? s.sqls.get(req.sql_id as number)!);
        return ok({ type: 'sequence' });
      case 'get_autocommit':
        return ok({ type: 'get_autocommit', is_autocommit: !s.conn.inTransaction });
      case 'store_sql':
        s.sqls.set(req.sql_id as number, req.sql as string);
        return ok({ type: 'store_sql' });
      case 'close_sql':
        s.sqls.delete(req.sql_id as number);
        return ok({ type: 'close_sql' });
      case 'close':
        return { closed: true, result: { type: 'ok', response: { type: 'close' } } };
      default:
        return { closed: false, result: { type: 'error', error: { message: `unsupported request ${req.type}`, code: 'PROTO' } } };
    }
  } catch (err) {
    return { closed: false, result: { type: 'error', error: failure(err) } };
  }
}

/** The stream whose transaction is open; the others wait for it (at most TURN_WAIT_MS, like sqld's transaction timeout). */
let owner: Stream | null = null;
let waiters: (() => void)[] = [];
const TURN_WAIT_MS = 5000;

/** Waits until another stream's transaction ends, or the deadline; the caller checks the turn again at once. */
const waitTurn = (deadline: number) =>
  new Promise<void>((resolve) => {
    waiters.push(resolve);
    setTimeout(resolve, Math.max(1, deadline - Date.now()));
  });

function settleTurn(stream: Stream, closed: boolean) {
  if (!closed && stream.conn.inTransaction) owner = stream;
  else if (owner === stream) {
    owner = null;
    const woken = waiters;
    waiters = [];
    for (const w of woken) w();
  }
}

const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(req) {
    const path = new URL(req.url).pathname;
    if (token && req.headers.get('authorization') !== `Bearer ${token}`) return new Response('Unauthorized', { status: 401 });
    if (req.method === 'GET' && path === '/v2') return new Response('');
    if (req.method !== 'POST' || path !== '/v2/pipeline') return new Response('Not found', { status: 404 });
    const body = (await req.json()) as { baton: string | null; requests: ({ type: string } & Record<string, unknown>)[] };
    const stream = body.baton ? streams.get(body.baton) : open();
    if (!stream) return new Response(JSON.stringify({ message: 'unknown baton' }), { status: 400 });
    if (body.baton) streams.delete(body.baton);
    // The check and the requests below run in one go (no await between them), so two streams never both pass.
    const deadline = Date.now() + TURN_WAIT_MS;
    while (owner && owner !== stream && owner.conn.open && Date.now() < deadline) await waitTurn(deadline);
    const results: unknown[] = [];
    let closed = false;
    for (const r of body.requests) {
      const out = handle(stream, r);
      results.push(out.result);
      closed ||= out.closed;
    }
    let baton: string | null = null;
    settleTurn(stream, closed);
    if (closed) stream.conn.close();
    else {
      baton = crypto.randomUUID();
      streams.set(baton, stream);
    }
    return Response.json({ baton, base_url: null, results });
  },
});
console.log(`PORT ${server.port}`);
