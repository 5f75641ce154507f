import { describe, expect, test } from 'bun:test';
import { boxAround, distanceKm, inBox, pathLengthKm } from './geo';

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

describe('boxAround', () => {
  test('holds every point within the distance, in every direction, and not much more', () => {
    for (const centre of [KUWAIT_CITY, DUBAI, { lat: -33.9, lng: 18.4 }]) {
      const box = boxAround(centre, 5);
      for (let deg = 0; deg < 360; deg += 7.5) {
        // A point 4.999 km away in the direction `deg` (small-distance approximation, checked with distanceKm).
        const a = (deg * Math.PI) / 180;
        let step = 4.999 / 111.2;
        let p = { lat: centre.lat + step * Math.cos(a), lng: centre.lng + (step * Math.sin(a)) / Math.cos((centre.lat * Math.PI) / 180) };
        while (distanceKm(centre, p) > 4.999) {
          step *= 0.999;
          p = { lat: centre.lat + step * Math.cos(a), lng: centre.lng + (step * Math.sin(a)) / Math.cos((centre.lat * Math.PI) / 180) };
        }
        expect(inBox(p, box)).toBe(true);
      }
      expect(distanceKm(centre, { lat: box.maxLat, lng: centre.lng })).toBeCloseTo(5.05, 6);
      expect(distanceKm(centre, { lat: centre.lat, lng: box.maxLng })).toBeLessThan(5.2);
      expect(inBox({ lat: box.maxLat + 1e-6, lng: centre.lng }, box)).toBe(false);
    }
  });
});
