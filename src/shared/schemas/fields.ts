import { z } from 'zod';
import { normalizePhone, PHONE_MESSAGE, PHONE_PATTERN, phoneProblem } from '../phone';
import type { RegionId } from '../regions';
import type { MessageKey } from '../i18n';
import { byKey, textOf } from '../i18n/message';

/** Field rules shared by every form and procedure. Messages are the spec's exact texts. */
export const VEHICLE_TYPES = ['motorcycle', 'car', 'bicycle', 'van'] as const;
export const PRIORITIES = ['normal', 'high', 'urgent'] as const;
export { PHONE_MESSAGE, PHONE_PATTERN };

/** Required, trimmed text; `key` names the catalog message zod renders when it refuses (i18n/message.ts). */
export const requiredText = (key: MessageKey, max = 200) => z.string(byKey(key)).trim().min(1, byKey(key)).max(max);
export const optionalText = (max = 500) => z.string().trim().max(max).optional().default('');

export const emailField = (requiredKey: MessageKey = 'errors.emailRequired') =>
  z
    .string(byKey(requiredKey))
    .trim()
    .toLowerCase()
    .min(1, byKey(requiredKey))
    .max(254)
    .pipe(z.email(byKey('errors.emailInvalid')));

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
      if (problem) ctx.addIssue({ code: 'custom', message: textOf(problem) });
    });

export const phoneField = (requiredKey: MessageKey = 'errors.phoneRequired') =>
  z.string(byKey(requiredKey)).trim().min(1, { ...byKey(requiredKey), abort: true }).pipe(phoneText());

export const optionalPhone = () => z.union([z.literal(''), z.string().trim().pipe(phoneText())]).optional().default('');

/** The spec's forms send a client timestamp; we accept and ignore it (the server's clock decides). */
export const clientTimestamp = z.union([z.string().max(40), z.number()]).optional();

export const idField = z.string().trim().min(1).max(40);
