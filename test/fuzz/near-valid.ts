import fc from 'fast-check';
import { hostileLeaf, ODD_STRINGS, RAW_NUMBERS } from './hostile';

type Def = Record<string, unknown> & { type: string };
type Schema = { _zod: { def: Def }; safeParse: (v: unknown) => { success: boolean } };

const defOf = (s: unknown) => (s as Schema)._zod.def;

/** Leaf values to try against each field: odd but often acceptable, so the call reaches the service. */
function basePool(): unknown[] {
  return [
    ...ODD_STRINGS,
    ...RAW_NUMBERS.map((r) => JSON.parse(r.text)),
    -1, 0, 1, 2, 1.5, 7, 100, 1250, 999_999_999, 2 ** 31, Number.MAX_SAFE_INTEGER, -0.001,
    true, false, null,
    '2026-11-22', '2026-02-30', '2026-11-22T25:00:00Z', '٢٠٢٦-١١-٢٢', '1970-01-01', '9999-12-31',
    'a@b.co', 'rider.a@example.com', 'x\u0000@example.com', 'ﬀ@example.com',
    'https://example.com/hook', 'http://127.0.0.1:1/x', 'javascript:alert(1)', 'file:///etc/passwd',
    '1.250', '١٫٢٥٠', '-1', '1e3', '0.0001', '+96550000000', '+965٥٠٠٠٠٠٠٠', '٥٠٠٠٠٠٠٠',
    'KWD', 'AED', 'kuwait', 'uae', 'data:image/png;base64,AAAAAAAAAAAAAAAA', 'data:image/jpeg;base64,/9j/AAAAAAAAAAAA',
    Date.now(), 29.37, 47.97,
  ];
}

/**
 * Values that the schema (mostly) accepts, built from its shape: objects field by field, enum options,
 * and for every leaf the pool's values that the leaf's own schema accepts (a hostile leaf when none does).
 */
export function nearValid(schema: unknown, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const again = (s: unknown) => nearValid(s, ids, depth + 1);
  if (depth > 6) return hostileLeaf;
  switch (def.type) {
    case 'optional':
      return fc.oneof({ arbitrary: again(def.innerType), weight: 4 }, { arbitrary: fc.constant(undefined), weight: 1 });
    case 'nullable':
      return fc.oneof({ arbitrary: again(def.innerType), weight: 4 }, { arbitrary: fc.constant(null), weight: 1 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return again(def.innerType);
    case 'pipe':
      return defOf(def.in).type === 'transform' ? again(def.out) : again(def.in);
    case 'lazy':
      return again((def.getter as () => unknown)());
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, again(v)])));
    }
    case 'array':
      return fc.array(again(def.element), { maxLength: 3 });
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map(again));
    case 'record':
      return fc.dictionary(fc.constantFrom('a', '__proto__', 'x\u0000'), again(def.valueType), { maxKeys: 2 });
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(again));
    case 'intersection':
      return fc.tuple(again(def.left), again(def.right)).map(([a, b]) => (isObj(a) && isObj(b) ? { ...a, ...b } : a));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    default: {
      const fits = (vs: unknown[]) => vs.filter((v) => (schema as Schema).safeParse(v).success);
      const [real, odd] = [fits(ids), fits(basePool())];
      if (!odd.length && !real.length) return hostileLeaf;
      if (!real.length) return fc.constantFrom(...odd);
      return odd.length ? fc.oneof(fc.constantFrom(...real), fc.constantFrom(...odd)) : fc.constantFrom(...real);
    }
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A near-valid object with one field swapped for a hostile value (or an extra poison key). */
export function oneFieldOff(schema: unknown, keys: string[], ids: string[]): fc.Arbitrary<unknown> {
  if (!keys.length) return nearValid(schema, ids);
  return fc.tuple(nearValid(schema, ids), fc.constantFrom(...keys), hostileLeaf).map(([v, key, bad]) => {
    if (!isObj(v)) return v;
    const out = { ...v };
    Object.defineProperty(out, key, { value: bad, enumerable: true, writable: true, configurable: true });
    return out;
  });
}
