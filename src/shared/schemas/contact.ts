import { z } from 'zod';
import { byKey } from '../i18n/message';

export const INQUIRY_TYPES = ['demo', 'pricing', 'support', 'partnership', 'integration', 'other'] as const;
export const CONTACT_PREFERENCES = ['email', 'phone', 'whatsapp'] as const;

/** Spec section 5: name, email, inquiry type and message are required. */
export const contactInput = z.object({
  name: z.string().trim().min(1, byKey('errors.nameRequired')).max(120),
  email: z.string().trim().toLowerCase().pipe(z.email(byKey('errors.emailInvalid'))).pipe(z.string().max(254)),
  phone: z.string().trim().max(20).optional().default(''),
  company: z.string().trim().max(160).optional().default(''),
  inquiryType: z.enum(INQUIRY_TYPES, byKey('errors.inquiryTypeRequired')),
  message: z.string().trim().min(1, byKey('errors.messageRequired')).max(5000),
  preferredContact: z.enum(CONTACT_PREFERENCES).optional().default('email'),
});
export type ContactInput = z.infer<typeof contactInput>;
