import { describe, expect, spyOn, test } from 'bun:test';
import { newId } from './ids';

/** newId with the system's random bytes replaced by `bytes`. */
function idOf(bytes: Uint8Array): string {
  const spy = spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
    (array as unknown as Uint8Array).set(bytes.subarray(0, (array as unknown as Uint8Array).length));
    return array;
  });
  try {
    return newId();
  } finally {
    spy.mockRestore();
  }
}

const differing = (a: string, b: string) => [...a].filter((c, i) => c !== b[i]).length;

describe('newId: 100 random bits', () => {
  test('20 characters of lower-case base32 from the system CSPRNG', () => {
    const spy = spyOn(crypto, 'getRandomValues');
    const id = newId();
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    expect(id).toMatch(/^[a-z2-7]{20}$/);
  });

  test('each of 100 random bits moves exactly one character, and no two bits the same way (100 independent bits)', () => {
    const base = new Uint8Array(13);
    const zero = idOf(base);
    const seen = new Set<string>();
    let effective = 0;
    for (let bit = 0; bit < 13 * 8; bit++) {
      const flipped = new Uint8Array(13);
      flipped[bit >> 3] = 0x80 >> (bit & 7);
      const id = idOf(flipped);
      if (id === zero) continue;
      effective++;
      expect(differing(id, zero)).toBe(1);
      seen.add(id);
    }
    expect(effective).toBe(100);
    expect(seen.size).toBe(100);
  });

  test('every character position is uniform over the 32 symbols (chi-square over 16,000 ids)', () => {
    const n = 16_000;
    const counts = Array.from({ length: 20 }, () => new Map<string, number>());
    for (let i = 0; i < n; i++) {
      const id = newId();
      for (let p = 0; p < 20; p++) counts[p]!.set(id[p]!, (counts[p]!.get(id[p]!) ?? 0) + 1);
    }
    const expected = n / 32;
    for (const byPosition of counts) {
      expect(byPosition.size).toBe(32);
      const chi = [...byPosition.values()].reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
      // 31 degrees of freedom: the 0.9999 quantile is about 69.
      expect(chi).toBeLessThan(69);
    }
  });
});
