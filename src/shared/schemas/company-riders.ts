import { z } from 'zod';
import { newPasswordField } from './auth';
import { CURRENCIES } from '../money';
import { normalizePhone } from '../phone';
import { idField, PHONE_MESSAGE, phoneText, VEHICLE_TYPES } from './fields';
import { riderUpdateInput } from './oversight';

/** Spec section 5 "Company add rider": the messages, in the order the toast lists them. */
export const NEW_RIDER_MESSAGES = [
  'Name is required',
  'Email is required',
  'Phone is required',
  'Vehicle type is required',
  'License number is required',
  'Invalid email format',
  PHONE_MESSAGE,
] as const;

/** "A simple address shape": something@something.something, no spaces. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Required, trimmed; an empty value reports only "required", never also the format. */
const required = (message: string, max: number) => z.string(message).trim().min(1, { message, abort: true }).max(max);

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
  name: required('Name is required', 120),
  email: required('Email is required', 254)
    .toLowerCase()
    .regex(SIMPLE_EMAIL, 'Invalid email format'),
  phone: required('Phone is required', 40).pipe(phoneText()),
  vehicleType: z.enum(VEHICLE_TYPES, 'Vehicle type is required'),
  licenseNumber: required('License number is required', 30).toUpperCase(),
  region: regionField,
}));
export type NewRiderInput = z.infer<typeof newRiderInput>;

/** Every failing message of the payload, in the spec's order (empty when valid). */
export function newRiderMessages(raw: unknown): string[] {
  const parsed = newRiderInput.safeParse(raw);
  if (parsed.success) return [];
  const found = new Set(parsed.error.issues.map((i) => i.message));
  const known: string[] = NEW_RIDER_MESSAGES.filter((m) => found.has(m));
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
