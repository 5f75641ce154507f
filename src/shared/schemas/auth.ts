import { z } from 'zod';
import { ROLES } from '../permissions';
import type { MessageKey } from '../i18n';
import { byKey } from '../i18n/message';

/** Spec section 5: both trimmed, both required. The role is only a hint. */
export const loginInput = z.object({
  email: z.string().trim().min(1, byKey('login.error.required')).max(254),
  password: z.string().trim().min(1, byKey('login.error.required')).max(200),
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

/**
 * The password policy's shape, for every place a password is set (change, reset link, invitation):
 * a length, not a recipe, so passphrases pass and no symbol or digit is forced. Trimmed like the login
 * payload, or a password with an outer space could never sign in. The breached-list and own-name checks
 * need the server's list and the account: src/server/services/identity/password-policy.ts.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_MESSAGE_KEYS = {
  required: 'errors.passwordRequired',
  tooShort: 'password.tooShort',
  tooLong: 'password.tooLong',
} as const satisfies Record<string, MessageKey>;

/** Characters as a reader counts them (an emoji or an Arabic letter is one). */
export const passwordLength = (password: string) => [...password].length;

export const newPasswordField = z
  .string(byKey(PASSWORD_MESSAGE_KEYS.required))
  .trim()
  .min(1, byKey(PASSWORD_MESSAGE_KEYS.required))
  .refine((p) => passwordLength(p) >= PASSWORD_MIN_LENGTH, byKey(PASSWORD_MESSAGE_KEYS.tooShort))
  .refine((p) => passwordLength(p) <= PASSWORD_MAX_LENGTH, byKey(PASSWORD_MESSAGE_KEYS.tooLong));

/** auth.changePassword: the current password proves it is the user, not a borrowed session. */
export const changePasswordInput = z.object({
  currentPassword: z.string(byKey(PASSWORD_MESSAGE_KEYS.required)).min(1, byKey(PASSWORD_MESSAGE_KEYS.required)).max(PASSWORD_MAX_LENGTH),
  newPassword: newPasswordField,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** A reset link's token: 32 base32 characters (the session token's alphabet); anything else is unknown. */
export const resetTokenField = z.string().trim().min(1).max(100);

/** auth.resetPassword: the public /reset/$token page. */
export const resetPasswordInput = z.object({ token: resetTokenField, password: newPasswordField });
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;
