import { describe, expect, test } from 'bun:test';
import { cashBody, cashUrl, locationBody, locationUrl, parseAmount } from './writes';
import { cashSubmitInput } from '../../../src/shared/schemas/rider-app';
import { locationInput } from '../../../src/shared/schemas/tracking';

describe('the bodies the spec meant to send', () => {
  test('location: { lat, lng, accuracy } and the phone’s time, accepted by the server schema', () => {
    const body = locationBody({ lat: 29.3759, lng: 47.9774, accuracy: 12 }, 1_767_000_000_000.4);
    expect(body).toEqual({ lat: 29.3759, lng: 47.9774, accuracy: 12, recordedAt: 1_767_000_000_000 });
    expect(locationInput.parse(body)).toEqual(body);
    expect(locationUrl('abc/1')).toBe('/api/riders/abc%2F1/location');
  });

  test('cash: { amount }, accepted by the server schema', () => {
    expect(cashBody(1.25)).toEqual({ amount: 1.25 });
    expect(cashSubmitInput.parse(cashBody(1.25))).toEqual({ amount: 1.25 });
    expect(cashUrl('r1')).toBe('/api/riders/r1/cash/submit');
  });

  test('amounts: positive, rounded to the currency’s digits', () => {
    expect(parseAmount('1.2505', 3)).toBe(1.251);
    expect(parseAmount(' 12,5 ', 2)).toBe(12.5);
    expect([parseAmount('0', 3), parseAmount('-1', 3), parseAmount('abc', 3), parseAmount('', 2)]).toEqual([null, null, null, null]);
  });
});
