import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../server/trpc/root';
import { inferRoleFromEmail } from '../shared/permissions';
import { trpcClient } from './trpc';

export type LoginOutcome =
  | { ok: true; user: { firstName: string; email: string; role: 'admin' | 'company' | 'rider' } }
  | { ok: false; reason: 'rejected'; message?: string }
  | { ok: false; reason: 'network' };

/** Sends the trimmed credentials with the role inferred from the email (a hint the server ignores). */
export async function loginRequest(email: string, password: string): Promise<LoginOutcome> {
  try {
    const res = await trpcClient.auth.login.mutate({ email, password, role: inferRoleFromEmail(email) });
    if (!res.success) return { ok: false, reason: 'rejected' };
    return { ok: true, user: res.user };
  } catch (err) {
    if (err instanceof TRPCClientError && (err as TRPCClientError<AppRouter>).data) {
      return { ok: false, reason: 'rejected', message: err.message || undefined };
    }
    return { ok: false, reason: 'network' };
  }
}

/** Company login first ends any current session, silently. */
export async function silentLogout(): Promise<void> {
  await trpcClient.auth.logout.mutate().catch(() => undefined);
}
