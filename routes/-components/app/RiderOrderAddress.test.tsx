import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AddressParts } from '../../../src/shared/schemas/address';
import { RiderOrderAddress } from './RiderOrderAddress';

const salmiya = { country: 'KW', governorate: 'hawalli', area: 'salmiya', block: '10', street: '5', building: '12', floor: '3', flat: '7', paci: '12345678', landmark: 'Next to the co-op', pin: { lat: 29.3346, lng: 48.0768 } } as AddressParts;
const dubai = { country: 'AE', emirate: 'dubai', area: 'al-barsha', street: '', building: 'Tower 2', makani: '1234567890', landmark: 'Opposite the mall' } as AddressParts;
const places = { en: { area: 'Salmiya', division: 'Hawalli' }, ar: { area: 'السالمية', division: 'حولي' } };
const text = (html: string) => html.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|');
const render = (props: Parameters<typeof RiderOrderAddress>[0]) => renderToStaticMarkup(<RiderOrderAddress {...props} />);

describe('a rider’s order address: text, landmark and PACI/Makani number, and the navigation hand-off', () => {
  test('with its parts and place names: area, street line, PACI number, landmark; Google Maps and Waze by the pin', () => {
    const html = render({ label: 'Delivery', address: 'stored', parts: salmiya, places, testId: 'order-delivery' });
    expect(text(html)).toBe('|Delivery|Salmiya|, Hawalli|Block 10, Street 5, Building 12, Floor 3, Flat 7|PACI number: |12345678|Landmark: Next to the co-op|Google Maps|Waze|');
    expect(html).toContain('href="https://www.google.com/maps/dir/?api=1&amp;destination=29.334600,48.076800"');
    expect(html).toContain('href="https://waze.com/ul?ll=29.334600,48.076800&amp;navigate=yes"');
  });

  test('cached before the place names came with it: the stored text, still with the number; the landmark once', () => {
    const stored = 'Block 10, Street 5, Building 12, Floor 3, Flat 7, Salmiya, Hawalli, Landmark: Next to the co-op';
    expect(text(render({ label: 'Delivery', address: stored, parts: salmiya, places: null, testId: 'd' }))).toBe(`|Delivery|${stored}|PACI number: |12345678|Google Maps|Waze|`);
    // A UAE address without a pin and a stored text without its landmark: the Makani number grouped, the landmark added, Google Maps by the text.
    const html = render({ label: 'Delivery', address: 'Tower 2, Al Barsha, Dubai', parts: dubai, places: null, testId: 'd' });
    expect(text(html)).toBe('|Delivery|Tower 2, Al Barsha, Dubai|Makani number: |12345 67890|Landmark: Opposite the mall|Google Maps|');
    expect(html).toContain(`href="https://www.google.com/maps/search/?api=1&amp;query=${encodeURIComponent('Tower 2, Al Barsha, Dubai')}"`);
    expect(html).not.toContain('waze');
  });

  test('a free-text address: its text and Google Maps by the text', () => {
    const html = render({ label: 'Pickup', address: 'Warehouse 4, Shuwaikh', parts: null, places: null, testId: 'p' });
    expect(text(html)).toBe('|Pickup|Warehouse 4, Shuwaikh|Google Maps|');
    expect(html).toContain('aria-label="Open Warehouse 4, Shuwaikh in Google Maps"');
  });
});
