import { describe, expect, test } from 'bun:test';
import { initials, localDate, markerHtml, markerState } from './markers';

describe('fleet map markers', () => {
  const now = Date.UTC(2026, 2, 10, 21, 30);
  test('stale after 10 minutes whatever the duty; otherwise on or off duty', () => {
    expect(markerState({ onDuty: true, lastSeenAt: new Date(now - 9 * 60_000).toISOString() }, now)).toBe('onDuty');
    expect(markerState({ onDuty: false, lastSeenAt: new Date(now - 60_000).toISOString() }, now)).toBe('offDuty');
    expect(markerState({ onDuty: true, lastSeenAt: new Date(now - 10 * 60_000).toISOString() }, now)).toBe('stale');
    expect(markerState({ onDuty: true, lastSeenAt: null }, now)).toBe('stale');
  });

  test('a divIcon of text only: initials, escaped, no image', () => {
    const html = markerHtml({ id: 'r"1', name: 'Rashid <b>Khan</b>', lat: 29.5, lng: 47.25 }, 'stale', true);
    expect(html).toContain('>R&#60;</span>');
    expect(html).not.toContain('<b>');
    expect(html).not.toMatch(/<img|url\(/);
    expect(html).toContain('data-rider="r&#34;1"');
    expect(html).toContain('grayscale');
    expect(html).toContain('data-lat="29.5" data-lng="47.25"');
    expect([initials('Bilal Ahmed'), initials('  madonna '), initials('')]).toEqual(['BA', 'M', '?']);
  });

  test('the rider’s local date: 00:30 in Kuwait is still 21:30 UTC the day before', () => {
    expect(localDate('KWD', new Date(now))).toBe('2026-03-11');
    expect(localDate('AED', new Date(Date.UTC(2026, 2, 10, 19, 59)))).toBe('2026-03-10');
  });
});
