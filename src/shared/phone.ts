import { normalizeDigits } from './digits';
import type { RegionId } from './regions';
import { translate, type MessageKey } from './i18n';

/**
 * Phone numbers (issue 8): the spec's rule stays (+ and 10-15 digits, its exact message); on top of it
 * what a user types is normalised (Arabic-Indic digits, spaces, dashes, dots, parentheses, a 00 prefix,
 * a local number when the region is known) and numbers of Kuwait (+965) and the UAE (+971) get a
 * stricter check with their own message.
 */
export const PHONE_MESSAGE_KEY = 'errors.phoneFormat' satisfies MessageKey;
export const PHONE_PATTERN = /^\+\d{10,15}$/;
/** The spec's message, in English. */
export const PHONE_MESSAGE = translate('en', PHONE_MESSAGE_KEY);
export const KUWAIT_PHONE_MESSAGE = translate('en', 'gulf.phone.kuwait');
export const UAE_PHONE_MESSAGE = translate('en', 'gulf.phone.uae');

/**
 * '٠٥٠ ١٢٣ ٤٥٦٧' → '0501234567'; '(+965) 5000-1234' → '+96550001234'; '00971…' → '+971…'. With a region,
 * a local number gains its country code: Kuwait 8 digits → +965; UAE 9 digits starting 5 (a mobile) or a
 * 0-prefixed number (050…, 04…) → +971. Anything else is returned cleaned but otherwise as typed.
 */
export function normalizePhone(raw: string, region?: RegionId | null): string {
  const cleaned = normalizeDigits(raw)
    .trim()
    .replace(/[\s\u00A0\u200E\u200F\u202A-\u202E\-–.()/]/g, '')
    .replace(/^\uFF0B/, '+');
  if (!/^\+?\d+$/.test(cleaned)) return raw.trim();
  if (cleaned.startsWith('00')) return `+${cleaned.slice(2)}`;
  if (cleaned.startsWith('+')) return cleaned;
  if (region === 'kuwait' && /^[1-9]\d{7}$/.test(cleaned)) return `+965${cleaned}`;
  if (region === 'uae') {
    if (/^5\d{8}$/.test(cleaned)) return `+971${cleaned}`;
    if (/^0(5\d{8}|[2-9]\d{7})$/.test(cleaned)) return `+971${cleaned.slice(1)}`;
  }
  return cleaned;
}

/** '+965 5555 1234', '00965-5555-1234', '+٩٦٥ ٥٥٥٥ ١٢٣٤' → '+96555551234'; null unless + and 10–15 digits. */
export function wellFormedPhone(raw: string): string | null {
  const s = normalizePhone(raw);
  return PHONE_PATTERN.test(s) ? s : null;
}

/**
 * The message key for a normalised number, or null when it is valid. The spec's rule first (its message
 * unchanged); then +965 needs exactly 8 digits starting 1, 2, 5, 6 or 9 (1: the spec's own example
 * +96512345678 and Kuwait's service numbers), +971 needs 9 digits starting 5 (mobiles) or 8 (landlines).
 */
export function phoneProblem(phone: string): MessageKey | null {
  if (!PHONE_PATTERN.test(phone)) return PHONE_MESSAGE_KEY;
  if (phone.startsWith('+965') && !/^\+965[12569]\d{7}$/.test(phone)) return 'gulf.phone.kuwait';
  if (phone.startsWith('+971') && !/^\+971(5\d{8}|[2-46-9]\d{7})$/.test(phone)) return 'gulf.phone.uae';
  return null;
}

/** The region a number belongs to, from its country code. */
export function regionOfPhone(phone: string): RegionId | null {
  return phone.startsWith('+965') ? 'kuwait' : phone.startsWith('+971') ? 'uae' : null;
}

/**
 * For display (always left to right): '+96550001234' → '+965 5000 1234', '+971501234567' →
 * '+971 50 123 4567', '+97143456789' → '+971 4 345 6789'; other numbers as stored.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const p = normalizePhone(phone);
  let m = /^\+965(\d{4})(\d{4})$/.exec(p);
  if (m) return `+965 ${m[1]} ${m[2]}`;
  m = /^\+971(5\d)(\d{3})(\d{4})$/.exec(p);
  if (m) return `+971 ${m[1]} ${m[2]} ${m[3]}`;
  m = /^\+971(\d)(\d{3})(\d{4})$/.exec(p);
  if (m) return `+971 ${m[1]} ${m[2]} ${m[3]}`;
  return phone;
}

/** The prefix hint a phone input shows for a region. */
export const phonePrefix = (region: RegionId | null | undefined): string => (region === 'uae' ? '+971' : '+965');
