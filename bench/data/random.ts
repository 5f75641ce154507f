/**
 * The seeded generator behind every value of the scale data set (bench/data.ts), so a seed and a --now give
 * the same file, ids and session tokens included. mulberry32, as db/seed.ts and the OCR fixtures use (theirs are
 * private to their files). Each part of the set draws from its own named stream: changing how the orders are
 * drawn leaves the fleet, the duty shifts and the tokens as they were.
 */
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

export interface Rand {
  /** Uniform in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(list: readonly T[]): T;
  /** 20 base32 characters, the shape of db/schema/ids.ts newId (100 bits). */
  id(): string;
  /** `bytes` random bytes as lower-case hex. */
  hex(bytes: number): string;
  /** A session token as src/server/auth/tokens.ts makes one: 160 bits in base32. */
  token(): string;
}

/** FNV-1a of the stream's name, mixed into the seed. */
function streamSeed(seed: number, stream: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < stream.length; i++) h = Math.imul(h ^ stream.charCodeAt(i), 0x01000193);
  return (h ^ Math.imul(seed | 0, 0x9e3779b1)) >>> 0;
}

export function prng(seed: number, stream: string): Rand {
  let s = streamSeed(seed, stream);
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const byte = () => Math.floor(next() * 256);
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + (max - min) * next(),
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)]!,
    id: () => {
      let out = '';
      for (let i = 0; i < 20; i++) out += ID_ALPHABET[Math.floor(next() * 32)];
      return out;
    },
    hex: (bytes) => {
      let out = '';
      for (let i = 0; i < bytes; i++) out += byte().toString(16).padStart(2, '0');
      return out;
    },
    token: () => encodeBase32LowerCaseNoPadding(Uint8Array.from({ length: 20 }, byte)),
  };
}

/**
 * `total` split over `weights` in whole numbers that add up to exactly `total` (largest remainders), each at
 * least `min`: company sizes, orders per day, pings per rider.
 */
export function apportion(total: number, weights: readonly number[], min = 0): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const free = Math.max(0, total - min * weights.length);
  const exact = weights.map((w) => (sum > 0 ? (free * w) / sum : 0));
  const out = exact.map((x) => min + Math.floor(x));
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0 && order.length; k = (k + 1) % order.length, left--) out[order[k]![1]]!++;
  return out;
}
