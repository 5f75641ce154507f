import { z } from 'zod';
import { DOCUMENT_REMINDER_DAYS, DOCUMENT_TYPES, type DocumentType } from '../compliance/types';
import type { Currency } from '../money';
import { byKey } from '../i18n/message';

/**
 * Rider documents with expiry (issue 9): the one schema the company's document form validates with and
 * company.saveDocument parses, plus the pure date arithmetic both sides use (calendar days, no zones:
 * the caller passes "today" in the rider's zone).
 */
export const documentTypeField = z.enum(DOCUMENT_TYPES, byKey('documents.error.type'));

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day 'YYYY-MM-DD' (no 31 February), between 2000 and 2099. */
export function isCalendarDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 2000 && y <= 2099 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export const expiryDateField = z
  .string(byKey('documents.error.expiryRequired'))
  .trim()
  .min(1, { ...byKey('documents.error.expiryRequired'), abort: true })
  .refine(isCalendarDate, byKey('documents.error.expiryInvalid'));

export const saveDocumentInput = z.object({
  riderId: z.string().trim().min(1).max(64),
  type: documentTypeField,
  number: z.string().trim().max(40, byKey('documents.error.numberTooLong')).default(''),
  expiresOn: expiryDateField,
});
export type SaveDocumentInput = z.infer<typeof saveDocumentInput>;

export const riderIdInput = z.object({ riderId: z.string().trim().min(1).max(64) });
export const documentIdInput = z.object({ id: z.string().trim().min(1).max(64) });

/** The identity card of the rider's country: Kuwait's civil ID, the UAE's Emirates ID. */
export const idTypeFor = (region: Currency): DocumentType => (region === 'AED' ? 'emirates_id' : 'civil_id');

/** The documents a company keeps for a rider of this region, in the order they are shown. */
export function documentTypesFor(region: Currency): DocumentType[] {
  return [idTypeFor(region), ...DOCUMENT_TYPES.filter((t) => t !== 'civil_id' && t !== 'emirates_id')];
}

export const DOCUMENT_STATUSES = ['valid', 'expiring', 'expired'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

const dayNumber = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
};

/** Whole calendar days from `from` to `to` (both 'YYYY-MM-DD'); negative when `to` is earlier. */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);

/** `iso` plus `days` calendar days. */
export function addDays(iso: string, days: number): string {
  return new Date((dayNumber(iso) + days) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A document's standing on `today`: `expiresOn` is its last valid day, so it is expired from the day
 * after; expiring while at most DOCUMENT_REMINDER_DAYS days are left (0 on its last day).
 */
export function documentStatus(expiresOn: string, today: string): { status: DocumentStatus; daysLeft: number } {
  const daysLeft = daysBetween(today, expiresOn);
  const status: DocumentStatus = daysLeft < 0 ? 'expired' : daysLeft <= DOCUMENT_REMINDER_DAYS ? 'expiring' : 'valid';
  return { status, daysLeft };
}

// In a zod-free module so that screens showing a date need not download zod (issue 10 front-end budgets).
export { formatIsoDate } from '../compliance/dates';

/** Photos of documents: the same kinds and size cap as captures (JPEG, PNG or WebP, by their bytes). */
export const MAX_DOCUMENT_PHOTO_BYTES = 8 * 1024 * 1024;
