import { z } from 'zod';
import { ROLES } from '../permissions';

/** Spec section 5: both trimmed, both required. The role is only a hint. */
export const loginInput = z.object({
  email: z.string().trim().min(1, 'Please enter both email and password').max(254),
  password: z.string().trim().min(1, 'Please enter both email and password').max(200),
  role: z.enum(ROLES).optional(),
});
export type LoginInput = z.infer<typeof loginInput>;

/** Only the three portal paths (and /app) are honoured as redirects. */
export const loginSearch = z.object({
  redirect: z.enum(['/admin', '/company', '/rider', '/app']).optional().catch(undefined),
  error: z.string().max(40).optional().catch(undefined),
});
export type LoginSearch = z.infer<typeof loginSearch>;

export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: (typeof ROLES)[number];
  companyName: string | null;
  roleData: { id: string | null };
  /** The UI language stored on the account ('en' until the user switches). */
  locale: 'en' | 'ar';
}

/** auth.setLocale: the language switch, remembered on the account. */
export const setLocaleInput = z.object({ locale: z.enum(['en', 'ar']) });
