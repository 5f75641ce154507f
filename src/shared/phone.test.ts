import { describe, expect, test } from 'bun:test';
import { formatPhone, KUWAIT_PHONE_MESSAGE, normalizePhone, PHONE_MESSAGE, phoneProblem as problemKey, phonePrefix, regionOfPhone, UAE_PHONE_MESSAGE } from './phone';
import { translate } from './i18n';
import { optionalPhone, phoneField } from './schemas/fields';

/** The problem as an English reader sees it. */
const phoneProblem = (phone: string) => {
  const key = problemKey(phone);
  return key && translate('en', key);
};

describe('normalizePhone', () => {
  test('Arabic-Indic and Persian digits, spaces, dashes, dots and parentheses', () => {
    expect(normalizePhone('+٩٦٥٥٠٠٠١٢٣٤')).toBe('+96550001234');
    expect(normalizePhone('+۹۷۱ ۵۰ ۱۲۳ ۴۵۶۷')).toBe('+971501234567');
    expect(normalizePhone(' (+965) 5000-1234 ')).toBe('+96550001234');
    expect(normalizePhone('+971.50.123.4567')).toBe('+971501234567');
  });
  test('00 becomes +', () => {
    expect(normalizePhone('00965 5000 1234')).toBe('+96550001234');
  });
  test('a local number gains the country code only when the region is known', () => {
    expect(normalizePhone('5000 1234', 'kuwait')).toBe('+96550001234');
    expect(normalizePhone('٥٠٠٠١٢٣٤', 'kuwait')).toBe('+96550001234');
    expect(normalizePhone('50001234')).toBe('50001234');
    expect(normalizePhone('50 123 4567', 'uae')).toBe('+971501234567');
    expect(normalizePhone('050 123 4567', 'uae')).toBe('+971501234567');
    expect(normalizePhone('04 345 6789', 'uae')).toBe('+97143456789');
    expect(normalizePhone('501234567', 'kuwait')).toBe('501234567');
    expect(normalizePhone('50001234', 'uae')).toBe('50001234');
  });
  test('text that is not a number stays as typed (trimmed)', () => {
    expect(normalizePhone(' call me ')).toBe('call me');
  });
});

describe('phoneProblem', () => {
  test('the spec’s rule and its exact message', () => {
    expect(phoneProblem('+1234567890')).toBeNull();
    expect(phoneProblem('+123456789012345')).toBeNull();
    expect(phoneProblem('+123456789')).toBe('Phone must start with + and contain 10-15 digits (e.g., +96512345678)');
    expect(phoneProblem('96550001234')).toBe(PHONE_MESSAGE);
  });
  test('the spec’s example stays valid', () => {
    expect(phoneProblem('+96512345678')).toBeNull();
  });
  test('Kuwait: exactly 8 digits after +965, starting 1, 2, 5, 6 or 9', () => {
    expect(phoneProblem('+96550001234')).toBeNull();
    expect(phoneProblem('+96522245678')).toBeNull();
    expect(phoneProblem('+96599001234')).toBeNull();
    expect(phoneProblem('+965500012345')).toBe(KUWAIT_PHONE_MESSAGE);
    expect(phoneProblem('+9655000123')).toBe(KUWAIT_PHONE_MESSAGE);
    expect(phoneProblem('+96530001234')).toBe(KUWAIT_PHONE_MESSAGE);
  });
  test('UAE: 9 digits for a mobile (5…), 8 for a landline', () => {
    expect(phoneProblem('+971501234567')).toBeNull();
    expect(phoneProblem('+97143456789')).toBeNull();
    expect(phoneProblem('+97150123456')).toBe(UAE_PHONE_MESSAGE);
    expect(phoneProblem('+9714345678901')).toBe(UAE_PHONE_MESSAGE);
  });
  test('other countries: only the spec’s rule', () => {
    expect(phoneProblem('+447700900123')).toBeNull();
  });
});

describe('zod phone fields', () => {
  const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message);
  test('normalised output; Arabic-Indic digits accepted', () => {
    expect(phoneField().parse('+٩٦٥ ٥٠٠٠ ١٢٣٤')).toBe('+96550001234');
    expect(phoneField().parse(' +965-5000-1234 ')).toBe('+96550001234');
  });
  test('required, then the spec message unchanged for a too-short number, then the stricter one', () => {
    expect(msg(phoneField('errors.customerPhoneRequired').safeParse(''))).toEqual(['Customer phone is required']);
    expect(msg(phoneField().safeParse('+965 123'))).toEqual([PHONE_MESSAGE]);
    expect(msg(phoneField().safeParse('+٩٦٥١٢٣'))).toEqual([PHONE_MESSAGE]);
    expect(msg(phoneField().safeParse('+971 50 123 456'))).toEqual([UAE_PHONE_MESSAGE]);
  });
  test('optional: empty allowed, otherwise the same rules', () => {
    expect(optionalPhone().parse('')).toBe('');
    expect(optionalPhone().parse(undefined)).toBe('');
    expect(optionalPhone().parse('00971 4 345 6789')).toBe('+97143456789');
    expect(optionalPhone().safeParse('+12').success).toBe(false);
  });
});

describe('formatPhone and helpers', () => {
  test('grouped for display', () => {
    expect(formatPhone('+96550001234')).toBe('+965 5000 1234');
    expect(formatPhone('+971501234567')).toBe('+971 50 123 4567');
    expect(formatPhone('+97143456789')).toBe('+971 4 345 6789');
    expect(formatPhone('+447700900123')).toBe('+447700900123');
    expect(formatPhone(null)).toBe('');
  });
  test('region of a number and the input prefix', () => {
    expect(regionOfPhone('+96550001234')).toBe('kuwait');
    expect(regionOfPhone('+971501234567')).toBe('uae');
    expect(regionOfPhone('+447700900123')).toBeNull();
    expect(phonePrefix('uae')).toBe('+971');
    expect(phonePrefix(undefined)).toBe('+965');
  });
});
