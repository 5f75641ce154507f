import { z } from 'zod';
import { normalizePhone, PHONE_MESSAGE, PHONE_PATTERN, phoneProblem } from '../phone';
import type { RegionId } from '../regions';

/** Field rules shared by every form and procedure. Messages are the spec's exact texts. */
export const VEHICLE_TYPES = ['motorcycle', 'car', 'bicycle', 'van'] as const;
export const PRIORITIES = ['normal', 'high', 'urgent'] as const;
export { PHONE_MESSAGE, PHONE_PATTERN };

export const requiredText = (message: string, max = 200) => z.string(message).trim().min(1, message).max(max);
export const optionalText = (max = 500) => z.string().trim().max(max).optional().default('');

export const emailField = (requiredMessage = 'Email is required') =>
  z
    .string(requiredMessage)
    .trim()
    .toLowerCase()
    .min(1, requiredMessage)
    .max(254)
    .pipe(z.email('Invalid email format'));

/**
 * A phone number: normalised (Arabic-Indic digits, separators, 00, a local number when `region` is known),
 * then the spec's rule with its exact message, then the stricter +965 / +971 check (src/shared/phone.ts).
 */
export const phoneText = (region?: RegionId | null) =>
  z
    .string()
    .overwrite((v) => normalizePhone(v, region))
    .superRefine((v, ctx) => {
      const problem = phoneProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

export const phoneField = (requiredMessage = 'Phone is required') =>
  z.string(requiredMessage).trim().min(1, { message: requiredMessage, abort: true }).pipe(phoneText());

export const optionalPhone = () => z.union([z.literal(''), z.string().trim().pipe(phoneText())]).optional().default('');

/** The spec's forms send a client timestamp; we accept and ignore it (the server's clock decides). */
export const clientTimestamp = z.union([z.string().max(40), z.number()]).optional();

export const idField = z.string().trim().min(1).max(40);
