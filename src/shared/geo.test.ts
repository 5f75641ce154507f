import { describe, expect, test } from 'bun:test';
import { distanceKm, pathLengthKm } from './geo';

const KUWAIT_CITY = { lat: 29.3759, lng: 47.9774 };
const DUBAI = { lat: 25.2048, lng: 55.2708 };

describe('geo', () => {
  test('Kuwait City to Dubai is about 850 km', () => {
    expect(Math.abs(distanceKm(KUWAIT_CITY, DUBAI) - 850)).toBeLessThan(20);
  });

  test('distance is symmetric and zero to itself', () => {
    expect(distanceKm(KUWAIT_CITY, KUWAIT_CITY)).toBe(0);
    expect(distanceKm(DUBAI, KUWAIT_CITY)).toBeCloseTo(distanceKm(KUWAIT_CITY, DUBAI), 9);
  });

  test('path length sums legs; fewer than two points is 0', () => {
    expect(pathLengthKm([])).toBe(0);
    expect(pathLengthKm([KUWAIT_CITY])).toBe(0);
    const there = distanceKm(KUWAIT_CITY, DUBAI);
    expect(pathLengthKm([KUWAIT_CITY, DUBAI, KUWAIT_CITY])).toBeCloseTo(2 * there, 6);
  });
});
