import { describe, expect, test } from 'bun:test';
import { formatAddress, orderAddressText } from '../gulf/format';
import { addressParts, storedAddressParts } from './address';

const kw = { country: 'KW', governorate: 'hawalli', area: 'salmiya', block: '10', street: '5', building: '12', floor: '3', flat: '7' };
const ae = { country: 'AE', emirate: 'dubai', area: 'al-barsha', street: '15', building: 'Al Zarooni 2', makani: '12345 67890' };
const issue = (input: unknown) => {
  const r = addressParts.safeParse(input);
  return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('addressParts', () => {
  test('a Kuwait address: block, street and building are required, floor/flat/PACI optional', () => {
    const r = addressParts.parse({ ...kw, floor: undefined, flat: undefined });
    expect(r).toMatchObject({ country: 'KW', area: 'salmiya', floor: '', flat: '', paci: '', landmark: '' });
    expect(issue({ ...kw, block: ' ' })).toEqual(['block: Block is required']);
    expect(issue({ ...kw, building: 'x'.repeat(41) })).toEqual(['building: Keep it to 40 characters']);
  });

  test('PACI: 8-12 digits, Arabic-Indic digits and spaces accepted', () => {
    expect(addressParts.parse({ ...kw, paci: '١٢٣٤٥٦٧٨' })).toMatchObject({ paci: '12345678' });
    expect(addressParts.parse({ ...kw, paci: '1234 5678 90' })).toMatchObject({ paci: '1234567890' });
    expect(issue({ ...kw, paci: '1234567' })).toEqual(['paci: PACI number must be 8 to 12 digits']);
    expect(issue({ ...kw, paci: '12345678901234' })).toEqual(['paci: PACI number must be 8 to 12 digits']);
    expect(issue({ ...kw, paci: '1234abcd' })).toEqual(['paci: PACI number must be 8 to 12 digits']);
  });

  test('Makani: 10 digits, written with a space or in Arabic-Indic digits', () => {
    expect(addressParts.parse(ae)).toMatchObject({ makani: '1234567890' });
    expect(addressParts.parse({ ...ae, makani: '١٢٣٤٥ ٦٧٨٩٠' })).toMatchObject({ makani: '1234567890' });
    expect(addressParts.parse({ ...ae, makani: '' })).toMatchObject({ makani: '' });
    expect(issue({ ...ae, makani: '123456789' })).toEqual(['makani: Makani number must be 10 digits']);
  });

  test('the area must belong to the governorate or emirate', () => {
    expect(issue({ ...kw, area: 'fahaheel' })).toEqual(['area: Choose an area of this governorate']);
    expect(issue({ ...kw, area: 'nowhere' })).toEqual(['area: Choose an area of this governorate']);
    expect(issue({ ...ae, emirate: 'sharjah' })).toEqual(['area: Choose an area of this emirate']);
    expect(issue({ ...kw, governorate: 'dubai' })?.[0]).toBe('governorate: Choose a governorate');
  });

  test('landmark at most 200 characters; the pin must be inside the country', () => {
    expect(issue({ ...kw, landmark: 'x'.repeat(201) })).toEqual(['landmark: Landmark must be at most 200 characters']);
    expect(addressParts.parse({ ...kw, pin: { lat: 29.3346, lng: 48.0768 } }).pin).toEqual({ lat: 29.3346, lng: 48.0768 });
    expect(issue({ ...kw, pin: { lat: 25.2, lng: 55.27 } })).toEqual(['pin: The pin must be inside the country']);
    expect(addressParts.parse({ ...ae, pin: { lat: 25.1135, lng: 55.2003 } }).pin).toBeDefined();
    expect(addressParts.parse(ae).pin).toBeUndefined();
  });
});

describe('formatAddress', () => {
  test('Kuwait in English and Arabic', () => {
    const parts = addressParts.parse(kw);
    expect(formatAddress(parts, 'en')).toBe('Block 10, Street 5, Building 12, Floor 3, Flat 7, Salmiya, Hawalli');
    expect(formatAddress(parts, 'ar')).toBe('قطعة 10، شارع 5، مبنى 12، الدور 3، شقة 7، السالمية، حولي');
  });

  test('labels typed into the fields are not doubled; empty parts and the landmark', () => {
    const parts = addressParts.parse({ ...kw, block: 'Block 10', street: 'Street 5A', floor: '', flat: '', landmark: 'Next to the co-op' });
    expect(formatAddress(parts, 'en')).toBe('Block 10, Street 5A, Building 12, Salmiya, Hawalli, Landmark: Next to the co-op');
  });

  test('UAE in English and Arabic', () => {
    const parts = addressParts.parse(ae);
    expect(formatAddress(parts, 'en')).toBe('Street 15, Building Al Zarooni 2, Al Barsha, Dubai');
    expect(formatAddress(parts, 'ar')).toBe('شارع 15، مبنى Al Zarooni 2، البرشاء، دبي');
  });
});

describe('an order address for its reader (issue 8)', () => {
  const stored = { country: 'KW', governorate: 'hawalli', area: 'salmiya', block: '10', street: '5', building: '12' };
  test('from the parts in the reader’s language; the stored text when there are none', () => {
    const parts = storedAddressParts(stored);
    expect(orderAddressText('قطعة 10، السالمية', parts, 'en')).toBe('Block 10, Street 5, Building 12, Salmiya, Hawalli');
    expect(orderAddressText('Block 10, Salmiya', parts, 'ar')).toBe('قطعة 10، شارع 5، مبنى 12، السالمية، حولي');
    expect(orderAddressText('Salmiya, Block 2', null, 'ar')).toBe('Salmiya, Block 2');
  });
  test('stored parts are read through the schema: null, malformed or an unknown area give null', () => {
    expect(storedAddressParts(null)).toBeNull();
    expect(storedAddressParts('Salmiya')).toBeNull();
    expect(storedAddressParts({ ...stored, area: 'atlantis' })).toBeNull();
    expect(storedAddressParts(stored)).toMatchObject({ area: 'salmiya', floor: '', paci: '' });
  });
});
