import { describe, expect, test } from 'bun:test';
import { deepJson } from '../../../test/fuzz/hostile';
import { inputFault, MAX_INPUT_DEPTH, type InputFault } from './broken-text';

const broken = (field: string): InputFault => ({ kind: 'brokenText', field });
const tooDeep = (field: string): InputFault => ({ kind: 'tooDeep', field });

describe('inputFault', () => {
  test('sound text passes, Arabic, emoji, tabs, new lines and direction marks included', () => {
    expect(inputFault({ name: 'نور', note: 'a\tb\r\nc 🚚', mark: '\u200F١٢٣', list: ['x', 1, null, true], bytes: new Uint8Array([0]) })).toBeNull();
    expect(inputFault(undefined)).toBeNull();
  });

  test('a NUL, another control character or an unpaired surrogate is found, with its path, the first in document order', () => {
    expect(inputFault({ a: { b: ['ok', 'x\u0000y'] } })).toEqual(broken('a.b.1'));
    expect(inputFault({ name: 'bell\u0007' })).toEqual(broken('name'));
    expect(inputFault({ name: 'x\uD800' })).toEqual(broken('name'));
    expect(inputFault({ name: '\uDC00x' })).toEqual(broken('name'));
    expect(inputFault('\u001B[31m')).toEqual(broken('input'));
    expect(inputFault({ a: ['ok', { b: '\u0001' }], c: '\u0002' })).toEqual(broken('a.1.b'));
  });

  test(`nesting: ${MAX_INPUT_DEPTH} levels pass, one more is refused naming the top-level field`, () => {
    const nest = (levels: number) => JSON.parse(deepJson(levels));
    expect(inputFault({ email: nest(MAX_INPUT_DEPTH - 1) })).toBeNull();
    expect(inputFault({ email: nest(MAX_INPUT_DEPTH) })).toEqual(tooDeep('email'));
    expect(inputFault(nest(MAX_INPUT_DEPTH + 1))).toEqual(tooDeep('0'));
    expect(inputFault(JSON.parse(deepJson(MAX_INPUT_DEPTH + 1, 'object', '"\\u0000"')))).toEqual(tooDeep('a'));
  });

  test('100 000 levels: no stack overflow, and one linear pass (the old walk copied the path at every level)', () => {
    for (const kind of ['array', 'object'] as const) {
      const value = { ok: 'x', email: JSON.parse(deepJson(100_000, kind)) };
      const start = performance.now();
      expect(inputFault(value)).toEqual(tooDeep('email'));
      // Linear is a few ms; the old path-copying walk was seconds. The margin is for a loaded CI machine.
      expect(performance.now() - start).toBeLessThan(250);
    }
    const wide = { list: Array.from({ length: 200_000 }, (_, i) => ({ i, s: 'text' })) };
    const start = performance.now();
    expect(inputFault(wide)).toBeNull();
    expect(performance.now() - start).toBeLessThan(2_500);
  });
});
