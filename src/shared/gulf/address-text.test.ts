import { describe, expect, test } from 'bun:test';
import { addressLine, formatAddressIn, orderAddressTextIn } from './address-text';
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

describe('a street or building name the user typed with its kind is not prefixed again (issue 21 item 8)', () => {
  const kw = (street: string, building = '') => ({ country: 'KW' as const, governorate: 'capital', area: 'sharq', block: '', street, building, floor: '', flat: '', paci: '', landmark: '' });
  const ae = (street: string, building = '') => ({ country: 'AE' as const, emirate: 'dubai', area: 'al-barsha', street, building, makani: '', landmark: '' });
  test.each([
    ['Ahmad Al-Jaber Street', 'Ahmad Al-Jaber Street', 'Ahmad Al-Jaber Street'],
    ['Street Ahmad Al-Jaber Street', 'Ahmad Al-Jaber Street', 'Ahmad Al-Jaber Street'],
    ['Ahmad Al-Jaber St', 'Ahmad Al-Jaber St', 'Ahmad Al-Jaber St'],
    ['Ahmad Al-Jaber St.', 'Ahmad Al-Jaber St.', 'Ahmad Al-Jaber St.'],
    ['Gulf Road', 'Gulf Road', 'Gulf Road'],
    ['Gulf Rd.', 'Gulf Rd.', 'Gulf Rd.'],
    ['شارع أحمد الجابر', 'Street أحمد الجابر', 'شارع أحمد الجابر'],
    ['أحمد الجابر شارع', 'أحمد الجابر شارع', 'أحمد الجابر شارع'],
    ['طريق الخليج العربي', 'طريق الخليج العربي', 'طريق الخليج العربي'],
    ['5', 'Street 5', 'شارع 5'],
    ['Street 5', 'Street 5', 'شارع 5'],
    ['Ahmad Al-Jaber', 'Street Ahmad Al-Jaber', 'شارع Ahmad Al-Jaber'],
    ['1st Stone Road', '1st Stone Road', '1st Stone Road'],
    ['Stone 1st', 'Street Stone 1st', 'شارع Stone 1st'],
  ])('street %p → %p / %p', (street, enText, arText) => {
    expect(addressLine(kw(street), 'en')).toBe(enText);
    expect(addressLine(kw(street), 'ar')).toBe(arText);
    expect(addressLine(ae(street), 'en')).toBe(enText);
  });

  test('a building with its kind (Tower, Villa, برج) is kept; a number gets the label', () => {
    expect(addressLine(ae('Sheikh Zayed Rd', 'Al Hamra Tower'), 'en')).toBe('Sheikh Zayed Rd, Al Hamra Tower');
    expect(addressLine(ae('', 'برج الحمراء'), 'ar')).toBe('برج الحمراء');
    expect(addressLine(ae('', 'Building 12'), 'ar')).toBe('مبنى 12');
    expect(addressLine(kw('', '12'), 'en')).toBe('Building 12');
  });
});
