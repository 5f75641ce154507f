/**
 * The server's one logger: JSON lines, one event a line. `info` goes to stdout (buffered, written once per
 * turn of the event loop, so a request's line costs a string and an array push); `warn` and `error` go to
 * stderr through console.error at once (an error is never lost in a buffer, and the test preload still sees
 * every unexpected one). Nothing it prints carries a secret: object keys that name one are replaced, and
 * credentials inside strings (a URL's password, a bearer token) are masked.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/** Keys whose values never reach a log line (compared without case, '-' and '_'). */
const SECRET_KEY = /pass(word|phrase|wd)?|token|authorization|cookie|secret|apikey|privatekey|credential|session|^key$/i;
export const REDACTED = '[redacted]';

let threshold = RANK.info;
let writeOut: (chunk: string) => void = (chunk) => void process.stdout.write(chunk);
let writeErr: (line: string) => void = (line) => console.error(line);

/** Set the level (LOG_LEVEL) and, for tests, where lines go. */
export function configureLog(opts: { level?: LogLevel; out?: (chunk: string) => void; err?: (line: string) => void }): void {
  if (opts.level) threshold = RANK[opts.level];
  if (opts.out) writeOut = opts.out;
  if (opts.err) writeErr = opts.err;
}

const isSecretKey = (key: string) => SECRET_KEY.test(key.replace(/[-_]/g, ''));

/** Credentials inside free text: `scheme://user:password@`, `Bearer <token>`, `name=value` pairs of secret names. */
export function scrub(text: string): string {
  return text
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi, `$1${REDACTED}@`)
    .replace(/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`)
    .replace(/\b([A-Za-z_]*(?:password|token|secret|api_?key|cookie)[A-Za-z_]*)=([^\s&;,]+)/gi, `$1=${REDACTED}`);
}

/** A copy of `value` safe to print: secret keys replaced, strings scrubbed, errors as name/message/stack/code. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrub(value);
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? value.toString() : value;
  if (depth > 5) return '[deep]';
  if (value instanceof Error) {
    const e = value as Error & { code?: unknown; cause?: unknown };
    return {
      name: e.name,
      message: scrub(e.message),
      ...(e.code !== undefined ? { code: redact(e.code, depth + 1) } : {}),
      ...(e.stack ? { stack: scrub(e.stack) } : {}),
      ...(e.cause !== undefined ? { cause: redact(e.cause, depth + 1) } : {}),
    };
  }
  if (value instanceof Headers) return redact(Object.fromEntries(value), depth);
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (value instanceof Date) return value.toISOString();
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSecretKey(k) ? REDACTED : redact(v, depth + 1);
  return out;
}

/** What follows the message: an Error becomes `err`, a plain object its own fields, anything else `detail`. */
function fieldsOf(detail: unknown): Record<string, unknown> {
  if (detail === undefined) return {};
  if (detail instanceof Error) return { err: redact(detail) };
  if (detail && typeof detail === 'object' && !Array.isArray(detail)) return redact(detail) as Record<string, unknown>;
  return { detail: redact(detail) };
}

function lineOf(level: LogLevel, msg: string, detail: unknown): string {
  return JSON.stringify({ time: new Date().toISOString(), level, msg: scrub(msg), ...fieldsOf(detail) });
}

let pending: string[] = [];
let flushScheduled = false;

/** Write the buffered stdout lines now (the shutdown path calls this before exiting). */
export function flushLog(): void {
  flushScheduled = false;
  if (!pending.length) return;
  const chunk = pending.join('');
  pending = [];
  writeOut(chunk);
}

// Lines of the last turn are written when the process exits through process.exit (a failed start, the shutdown).
process.once('exit', flushLog);

/** Queue one finished line for stdout. The request log builds its own line and comes here directly. */
export function writeLine(line: string): void {
  pending.push(line, '\n');
  if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flushLog);
  }
}

export const log = {
  enabled: (level: LogLevel) => RANK[level] >= threshold,
  debug(msg: string, detail?: unknown) {
    if (RANK.debug >= threshold) writeLine(lineOf('debug', msg, detail));
  },
  info(msg: string, detail?: unknown) {
    if (RANK.info >= threshold) writeLine(lineOf('info', msg, detail));
  },
  warn(msg: string, detail?: unknown) {
    if (RANK.warn >= threshold) writeErr(lineOf('warn', msg, detail));
  },
  error(msg: string, detail?: unknown) {
    if (RANK.error >= threshold) writeErr(lineOf('error', msg, detail));
  },
};
