import { describe, expect, test } from 'bun:test';
import { historyInput, isStale, STALE_AFTER_MS } from './fleet';

describe('stale: not seen for 10 minutes', () => {
  const seen = Date.UTC(2026, 2, 10, 9, 0, 0);
  test('exactly 10 minutes is stale; a millisecond less is not', () => {
    expect(isStale(seen, seen + STALE_AFTER_MS)).toBe(true);
    expect(isStale(seen, seen + STALE_AFTER_MS - 1)).toBe(false);
    expect(isStale(new Date(seen).toISOString(), seen + 60_000)).toBe(false);
  });
  test('never seen is stale', () => expect(isStale(null)).toBe(true));
});

describe('history date', () => {
  test('a real YYYY-MM-DD only', () => {
    expect(historyInput.safeParse({ riderId: 'r1', date: '2026-02-28' }).success).toBe(true);
    expect(historyInput.safeParse({ riderId: 'r1', date: '2026-02-30' }).success).toBe(false);
    expect(historyInput.safeParse({ riderId: 'r1', date: '10/03/2026' }).success).toBe(false);
  });
});
