import fc from 'fast-check';

/**
 * Hostile values for the JSON a client can send. JSON cannot carry NaN or Infinity, but its text can
 * carry numbers that parse to them (`1e309` is Infinity to JSON.parse) and `-0`: those are `RawNumber`s,
 * written verbatim by `toJsonText`.
 */
export class RawNumber {
  constructor(readonly text: string) {}
}

/** Number literals JSON.parse turns into Infinity, -Infinity, -0, rounded or denormal values. */
export const RAW_NUMBERS = ['1e309', '-1e309', '1E+400', '-0', '-0.0', '123456789012345678901234567890', '5e-324', '1e-400', '0.30000000000000004'].map(
  (t) => new RawNumber(t),
);

/** Strings a form never sends: controls, direction marks, lone surrogates, other scripts' digits. */
export const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil\u202C',
  '\u200F\u200E',
  '\u200B\u200C\u200D\u2060',
  '\uFEFF',
  '١٢٣',
  '٣٫٥',
  '-١',
  '۱۲۳۴',
  '１２３',
  '12\u00A03',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '%00',
  '{{constructor.constructor("return process")()}}',
  '__proto__',
  'a'.repeat(300),
  '🚚'.repeat(100),
];

/** Property names that poison a careless merge. */
export const POISON_KEYS = ['__proto__', 'constructor', 'prototype'];

const bigString = fc.constantFrom(100_000, 1_100_000).map((n) => 'x'.repeat(n));
const oddString = fc.oneof(fc.constantFrom(...ODD_STRINGS), fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ maxLength: 12 }));
const oddNumber = fc.oneof(
  fc.constantFrom(-1, 0, 1.5, -2_147_483_649, 2 ** 53 + 2, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE),
  fc.constantFrom(...RAW_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** How deep the deep-nesting bodies go: 20 000 levels (40 KB) once took seconds of CPU, 100 000 (200 KB) overflowed the stack. */
export const DEEP_NESTS = [20_000, 100_000];

/** Arrays nested 2 000, 20 000 and 100 000 deep (past MAX_INPUT_DEPTH, http/broken-text.ts), built once. */
const DEEP_VALUES = [2_000, ...DEEP_NESTS].map((depth) => nested(depth));

/** A value of any JSON type, often a wrong one, sometimes huge or deeply nested. */
export const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: oddString, weight: 4 },
  { arbitrary: oddNumber, weight: 4 },
  { arbitrary: fc.constantFrom(true, false, null), weight: 2 },
  { arbitrary: bigString, weight: 1 },
  { arbitrary: fc.constantFrom(10_000, 100_000).map((n) => Array.from({ length: n }, (_, i) => i)), weight: 1 },
  { arbitrary: fc.constantFrom(...DEEP_VALUES), weight: 1 },
  { arbitrary: fc.constant(poisoned()), weight: 1 },
  { arbitrary: fc.constant([]), weight: 1 },
  { arbitrary: fc.constant({}), weight: 1 },
);

/** `[[[…]]]` `depth` deep. */
function nested(depth: number): unknown {
  let v: unknown = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/** An object whose own keys are the poison names, each carrying a `polluted` flag. */
export function poisoned(): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const k of POISON_KEYS) Object.defineProperty(o, k, { value: { polluted: 'yes' }, enumerable: true, writable: true, configurable: true });
  return o;
}

/**
 * An input for a procedure whose object schema has `keys`: the keys filled with hostile leaves (some left
 * out), plus poison keys now and then; or a wholly wrong value.
 */
export function hostileInput(keys: string[]): fc.Arbitrary<unknown> {
  const record =
    keys.length === 0
      ? fc.constant({})
      : fc.record(Object.fromEntries(keys.map((k) => [k, hostileLeaf])), { requiredKeys: [] }).map((r) => r as Record<string, unknown>);
  const withPoison = fc.tuple(record, fc.boolean()).map(([r, poison]) => (poison ? Object.assign(poisoned(), r) : r));
  return fc.oneof({ arbitrary: withPoison, weight: 6 }, { arbitrary: hostileLeaf, weight: 2 });
}

/** JSON text of `v`, with RawNumbers written verbatim and own `__proto__` keys kept. */
export function toJsonText(v: unknown): string {
  if (v instanceof RawNumber) return v.text;
  if (Array.isArray(v)) {
    // Iterative for deep nests: a recursive writer would overflow before the server's parser does.
    if (v.length === 1 && Array.isArray(v[0])) return nestedText(v);
    return `[${v.map(toJsonText).join(',')}]`;
  }
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .map((k) => `${JSON.stringify(k)}:${toJsonText((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

function nestedText(v: unknown[]): string {
  let depth = 0;
  let cur: unknown = v;
  while (Array.isArray(cur) && cur.length === 1 && Array.isArray(cur[0])) {
    depth++;
    cur = cur[0];
  }
  return `${'['.repeat(depth)}${toJsonText(cur)}${']'.repeat(depth)}`;
}


/** JSON text of an array (`[[[…]]]`) or object (`{"a":{"a":…}}`) nest `depth` levels deep around `inner`, built as text. */
export function deepJson(depth: number, kind: 'array' | 'object' = 'array', inner = '1'): string {
  return kind === 'array' ? `${'['.repeat(depth)}${inner}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
}

/** Bodies that are not JSON at all, or JSON cut short. */
export const MALFORMED_JSON = ['{', '{"a":', '[1,2', '{a:1}', "{'a':1}", 'undefined', 'NaN', '{"a":1,}', '\u0000', '{"a":"\uD800', 'x'.repeat(1000), '{"a":1}}', '\uFEFF{"a":1'];

/**
 * encodeURIComponent that also writes lone surrogates (as the three bytes a careless encoder
 * gives them, which no UTF-8 decoder accepts), so a query string can carry them.
 */
export function encodeQueryValue(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[^\uD800-\uDFFF]+|[\uD800-\uDBFF][\uDC00-\uDFFF]/g, (part) => {
    if (part.length !== 1 || part < '\uD800' || part > '\uDFFF') return encodeURIComponent(part);
    const c = part.charCodeAt(0);
    return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
  });
}

/** A query parameter as the server reads it (URLSearchParams: broken UTF-8 becomes U+FFFD). */
export function receivedQueryValue(s: string): string {
  return new URLSearchParams(`v=${encodeQueryValue(s)}`).get('v') ?? '';
}

/** A path segment as Hono's router hands it over: each run of escapes decoded, or kept as sent when it is not UTF-8. */
export function receivedPathParam(s: string): string {
  return encodeQueryValue(s).replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}
