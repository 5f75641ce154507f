import { describe, expect, test } from 'bun:test';
import { isQuotaError, MIN_FREE_BYTES, nearlyFull } from './space';

const MB = 1024 * 1024;

describe('nearlyFull', () => {
  test('more than 90 % used is nearly full', () => {
    expect(nearlyFull({ usage: 901 * MB, quota: 1000 * MB })).toBe(true);
    expect(nearlyFull({ usage: 899 * MB, quota: 1000 * MB })).toBe(false);
  });
  test('less than 15 MB left is nearly full, even at a low share of a small quota', () => {
    expect(nearlyFull({ usage: 6 * MB, quota: 20 * MB })).toBe(true);
    expect(nearlyFull({ usage: 0, quota: MIN_FREE_BYTES + 1 })).toBe(false);
  });
  test('an unknown quota never warns', () => {
    expect(nearlyFull({})).toBe(false);
    expect(nearlyFull({ usage: 5, quota: 0 })).toBe(false);
  });
});

describe('isQuotaError', () => {
  test("IndexedDB's QuotaExceededError, also as another error's cause", () => {
    const quota = new DOMException('full', 'QuotaExceededError');
    expect(isQuotaError(quota)).toBe(true);
    expect(isQuotaError(new Error('aborted', { cause: quota }))).toBe(true);
  });
  test('other failures are not', () => {
    expect(isQuotaError(new DOMException('gone', 'AbortError'))).toBe(false);
    expect(isQuotaError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });
});
