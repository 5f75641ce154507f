import { describe, expect, test } from 'bun:test';
import { googleDirectionsLink, mapLink, wazeLink } from './links';

describe('navigation hand-off by coordinates (issue 20, item 6)', () => {
  test('Google Maps directions and Waze to a pin, six decimals', () => {
    const pin = { lat: 29.3346, lng: 48.0768 };
    expect(googleDirectionsLink(pin)).toBe('https://www.google.com/maps/dir/?api=1&destination=29.334600,48.076800');
    expect(wazeLink(pin)).toBe('https://waze.com/ul?ll=29.334600,48.076800&navigate=yes');
    expect(wazeLink({ lat: 25.2048123456, lng: 55.2708 })).toBe('https://waze.com/ul?ll=25.204812,55.270800&navigate=yes');
  });

  test('without a pin, Google Maps searches the address text', () => {
    expect(mapLink('Block 10, Street 5, Salmiya')).toBe('https://www.google.com/maps/search/?api=1&query=Block%2010%2C%20Street%205%2C%20Salmiya');
    expect(mapLink('قطعة 10، السالمية')).toBe(`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('قطعة 10، السالمية')}`);
  });
});
