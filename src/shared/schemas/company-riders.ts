import { z } from 'zod';
import { newPasswordField } from './auth';
import { CURRENCIES } from '../money';
import { normalizePhone } from '../phone';
import { idField, phoneText, VEHICLE_TYPES } from './fields';
import { PHONE_MESSAGE_KEY } from '../phone';
import { translate, type MessageKey } from '../i18n';
import { byKey, textOf } from '../i18n/message';
import { riderUpdateInput } from './oversight';

/** Spec section 5 "Company add rider": the messages' keys, in the order the toast lists them. */
const NEW_RIDER_KEYS = [
  'errors.nameRequired',
  'errors.emailRequired',
  'errors.phoneRequired',
  'errors.vehicleTypeRequired',
  'errors.licenseRequired',
  'errors.emailInvalid',
  PHONE_MESSAGE_KEY,
] as const satisfies readonly MessageKey[];
/** The same messages in English, as the spec quotes them. */
export const NEW_RIDER_MESSAGES = NEW_RIDER_KEYS.map((key) => translate('en', key));

/** "A simple address shape": something@something.something, no spaces. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Required, trimmed; an empty value reports only "required", never also the format. */
const required = (key: MessageKey, max: number) => z.string(byKey(key)).trim().min(1, { ...byKey(key), abort: true }).max(max);

export const regionField = z
  .union([z.literal(''), z.enum(CURRENCIES)])
  .optional()
  .transform((v) => v || 'KWD');

/** A local number typed without its country code gains the rider's region's (8 digits → +965; 5xxxxxxxx → +971). */
function withInternationalPhone(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || typeof (raw as { phone?: unknown }).phone !== 'string') return raw;
  const r = raw as { phone: string; region?: unknown };
  return { ...r, phone: normalizePhone(r.phone, r.region === 'AED' ? 'uae' : 'kuwait') };
}

/**
 * The company's new rider payload (spec section 3), the one schema the Add New
 * Rider form validates with and company.addRider / POST /api/company/riders parse.
 */
export const newRiderInput = z.preprocess(withInternationalPhone, z.object({
  name: required('errors.nameRequired', 120),
  email: required('errors.emailRequired', 254)
    .toLowerCase()
    .regex(SIMPLE_EMAIL, byKey('errors.emailInvalid')),
  phone: required('errors.phoneRequired', 40).pipe(phoneText()),
  vehicleType: z.enum(VEHICLE_TYPES, byKey('errors.vehicleTypeRequired')),
  licenseNumber: required('errors.licenseRequired', 30).toUpperCase(),
  region: regionField,
}));
export type NewRiderInput = z.infer<typeof newRiderInput>;

/** Every failing message of the payload, in the spec's order (empty when valid). */
export function newRiderMessages(raw: unknown): string[] {
  const parsed = newRiderInput.safeParse(raw);
  if (parsed.success) return [];
  const found = new Set(parsed.error.issues.map((i) => i.message));
  // zod rendered each message by key in the current language: the spec's order is the keys' order in that language.
  const known: string[] = NEW_RIDER_KEYS.map((key) => textOf(key)).filter((m) => found.has(m));
  return [...known, ...[...found].filter((m) => !known.includes(m))];
}

/** A company edits its own rider: the admin's edit fields plus the rider's region. */
export const companyRiderUpdateInput = riderUpdateInput.extend({ region: z.enum(CURRENCIES).optional() });
export type CompanyRiderUpdateInput = z.infer<typeof companyRiderUpdateInput>;

export const COMPANY_RIDER_STATUSES = ['active', 'suspended'] as const;
export const riderStatusInput = z.object({ id: idField, status: z.enum(COMPANY_RIDER_STATUSES) });

/** Days an invitation link stays valid. */
export const INVITATION_TTL_DAYS = 7;

/** The one password policy (src/shared/schemas/auth.ts) applies to invitations too. */
export { newPasswordField };

export const acceptInviteInput = z.object({
  token: z.string().trim().min(1).max(100),
  password: newPasswordField,
});
export type AcceptInviteInput = z.infer<typeof acceptInviteInput>;
