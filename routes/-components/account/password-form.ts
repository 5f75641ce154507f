import { TRPCClientError } from '@trpc/client';
import { localizeText, type Locale, type MessageKey } from '../../../src/shared/i18n';
import { newPasswordField } from '../../../src/shared/schemas/auth';

type T = (key: MessageKey) => string;

/** The new password and its confirmation, checked as the server will (length); the breached list is the server's. */
export function newPasswordProblem(password: string, confirm: string, t: T, locale: Locale): string | null {
  const parsed = newPasswordField.safeParse(password);
  // The schema's messages are English catalog texts.
  if (!parsed.success) return localizeText(parsed.error.issues[0]!.message, locale);
  if (password !== confirm) return t('password.mismatch');
  return null;
}

/** A server answer's message (already in the user's language, without the "field: " prefix), or the network error. */
export function answerText(err: unknown, t: T): string {
  if (err instanceof TRPCClientError && err.data) return err.message.replace(/^[\w.]+: /, '');
  return t('error.network');
}
