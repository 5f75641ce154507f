import { describe, expect, test } from 'bun:test';
import { acceptInviteInput, NEW_RIDER_MESSAGES, newRiderInput, newRiderMessages } from './company-riders';

const valid = { name: 'Ali Hassan', email: 'ali@example.com', phone: '+96512345678', vehicleType: 'motorcycle', licenseNumber: 'KW-1234', region: 'KWD' };
const PHONE = 'Phone must start with + and contain 10-15 digits (e.g., +96512345678)';

describe('new rider payload (spec section 5, company add rider)', () => {
  test('the spec’s seven messages, verbatim and in its order', () => {
    expect([...NEW_RIDER_MESSAGES]).toEqual([
      'Name is required',
      'Email is required',
      'Phone is required',
      'Vehicle type is required',
      'License number is required',
      'Invalid email format',
      PHONE,
    ]);
  });

  test('an empty form: the five required messages in order, no format messages', () => {
    expect(newRiderMessages({ name: '', email: '', phone: '', vehicleType: '', licenseNumber: '', region: '' })).toEqual([
      'Name is required',
      'Email is required',
      'Phone is required',
      'Vehicle type is required',
      'License number is required',
    ]);
    expect(newRiderMessages({})).toHaveLength(5);
  });

  test('whitespace only counts as empty', () => {
    expect(newRiderMessages({ ...valid, name: '   ', licenseNumber: ' \t ' })).toEqual(['Name is required', 'License number is required']);
  });

  test.each([
    ['name', '', 'Name is required'],
    ['email', '', 'Email is required'],
    ['phone', '', 'Phone is required'],
    ['vehicleType', '', 'Vehicle type is required'],
    ['vehicleType', 'truck', 'Vehicle type is required'],
    ['licenseNumber', '', 'License number is required'],
    ['email', 'not-an-email', 'Invalid email format'],
    ['email', 'a@b', 'Invalid email format'],
    ['email', 'a b@c.com', 'Invalid email format'],
    ['phone', '96512345678', PHONE],
    ['phone', '+123456789', PHONE],
    ['phone', '+1234567890123456', PHONE],
    ['phone', '+965 123 456', PHONE],
  ])('%s = %j → %s', (field, value, message) => {
    expect(newRiderMessages({ ...valid, [field]: value })).toEqual([message]);
  });

  test('required messages come before format messages, whatever the field order', () => {
    expect(newRiderMessages({ ...valid, name: '', email: 'bad', phone: '123', licenseNumber: '' })).toEqual([
      'Name is required',
      'License number is required',
      'Invalid email format',
      PHONE,
    ]);
  });

  test('the joined toast text', () => {
    expect(newRiderMessages({ ...valid, email: 'bad', phone: '1' }).join('. ')).toBe(`Invalid email format. ${PHONE}`);
  });

  test('values trimmed, email lowercased, licence uppercased', () => {
    const out = newRiderInput.parse({ name: '  Ali Hassan ', email: '  Ali.Hassan@Example.COM ', phone: ' +96512345678 ', vehicleType: 'car', licenseNumber: ' kw-12ab ', region: 'AED' });
    expect(out).toEqual({ name: 'Ali Hassan', email: 'ali.hassan@example.com', phone: '+96512345678', vehicleType: 'car', licenseNumber: 'KW-12AB', region: 'AED' });
    expect(newRiderMessages(out)).toEqual([]);
  });

  test('region defaults to KWD (absent or empty); only KWD or AED', () => {
    const { region: _, ...noRegion } = valid;
    expect(newRiderInput.parse(noRegion).region).toBe('KWD');
    expect(newRiderInput.parse({ ...valid, region: '' }).region).toBe('KWD');
    expect(newRiderInput.parse({ ...valid, region: 'AED' }).region).toBe('AED');
    expect(newRiderInput.safeParse({ ...valid, region: 'USD' }).success).toBe(false);
  });

  test('phone accepts + and 10 to 15 digits', () => {
    expect(newRiderMessages({ ...valid, phone: '+1234567890' })).toEqual([]);
    expect(newRiderMessages({ ...valid, phone: '+123456789012345' })).toEqual([]);
  });

  test('phone (issue 8): separators and Arabic-Indic digits normalised, a local number gains the region’s code', () => {
    expect(newRiderInput.parse({ ...valid, phone: '+965 1234 5678' }).phone).toBe('+96512345678');
    expect(newRiderInput.parse({ ...valid, phone: '+٩٦٥ ٥٠٠٠-١٢٣٤' }).phone).toBe('+96550001234');
    expect(newRiderInput.parse({ ...valid, phone: '5000 1234' }).phone).toBe('+96550001234');
    expect(newRiderInput.parse({ ...valid, phone: '050 123 4567', region: 'AED' }).phone).toBe('+971501234567');
    expect(newRiderMessages({ ...valid, phone: '+96550001' })).toEqual([PHONE]);
    expect(newRiderMessages({ ...valid, phone: '+965500012345' })).toEqual(['A Kuwait number is +965 and 8 digits (e.g., +965 5000 1234)']);
  });

  test('unknown keys (a companyId) are dropped, never trusted', () => {
    expect(newRiderInput.parse({ ...valid, companyId: 'someone-else' })).not.toHaveProperty('companyId');
  });
});

describe('accept invitation input', () => {
  test('password: the one policy (at least 10 characters, no recipe, trimmed)', () => {
    const msg = (password: string) => acceptInviteInput.safeParse({ token: 't', password }).error?.issues[0]?.message;
    expect(msg('abcd1234')).toBe('Use at least 10 characters: a few unrelated words make a good passphrase.');
    expect(msg('   short   ')).toBe('Use at least 10 characters: a few unrelated words make a good passphrase.');
    expect(msg('only letters here')).toBeUndefined();
    expect(acceptInviteInput.parse({ token: 't', password: '  a long passphrase  ' }).password).toBe('a long passphrase');
  });
});
