import { describe, expect, test } from 'bun:test';
import { formatAddressIn, orderAddressTextIn } from './address-text';
import { formatAddress, orderAddressText, placeNames } from './format';

const salmiya = { country: 'KW' as const, governorate: 'hawalli', area: 'salmiya', block: 'Block 10', street: '5', building: '12', floor: '', flat: '', paci: '12345678', landmark: 'Next to the co-op' };

describe('address text from the names that came with an order (the rider app)', () => {
  test('is the text the areas data gives, in both languages', () => {
    const places = placeNames(salmiya);
    expect(places.en).toEqual({ area: 'Salmiya', division: 'Hawalli' });
    for (const locale of ['en', 'ar'] as const) {
      expect(formatAddressIn(salmiya, places[locale], locale)).toBe(formatAddress(salmiya, locale));
      expect(orderAddressTextIn('typed text', salmiya, places, locale)).toBe(orderAddressText('typed text', salmiya, locale));
    }
    expect(formatAddress(salmiya, 'en')).toBe('Block 10, Street 5, Building 12, Salmiya, Hawalli, Landmark: Next to the co-op');
  });

  test('without parts, or without their names (an answer cached before they came), the stored text', () => {
    expect(orderAddressTextIn('typed text', null, null, 'en')).toBe('typed text');
    expect(orderAddressTextIn('typed text', salmiya, null, 'ar')).toBe('typed text');
  });
});
