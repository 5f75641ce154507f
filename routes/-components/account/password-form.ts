import { TRPCClientError } from '@trpc/client';
import { serverFieldError, type FieldErrors } from '../../../src/client/forms';
import type { MessageKey } from '../../../src/shared/i18n';
import { newPasswordField } from '../../../src/shared/schemas/auth';

type T = (key: MessageKey) => string;

/**
 * The new password and its confirmation, checked as the server will (length); the breached list is the server's.
 * The problem is on its field: { newPassword } or { confirmPassword }.
 */
export function newPasswordProblem(password: string, confirm: string, t: T): FieldErrors | null {
  const parsed = newPasswordField.safeParse(password);
  // The schema renders its message by key, in the UI's language.
  if (!parsed.success) return { newPassword: parsed.error.issues[0]!.message };
  if (password !== confirm) return { confirmPassword: t('password.mismatch') };
  return null;
}

/** A server answer's message (already in the user's language, without the "field: " prefix), or the network error. */
export function answerText(err: unknown, t: T): string {
  if (err instanceof TRPCClientError && err.data) return err.message.replace(/^[\w.]+: /, '');
  return t('error.network');
}

/**
 * A server answer on the form's fields: the field it names (the server's `password` is the form's `newPassword`),
 * else the whole form's (`_`: an expired link, the network).
 */
export function answerErrors(err: unknown, t: T): FieldErrors {
  const named = serverFieldError(err);
  const [field, message] = Object.entries(named ?? {})[0] ?? [];
  if (field && message && ['currentPassword', 'newPassword', 'password'].includes(field)) return { [field === 'password' ? 'newPassword' : field]: message };
  return { _: answerText(err, t) };
}
