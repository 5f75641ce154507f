import type { TRPCClientError as ClientError } from '@trpc/client';
import type { AppRouter } from '../server/trpc/root';
import { inferRoleFromEmail } from '../shared/permissions';

/** The sign-in pages load the tRPC client when the form is sent, not before (it is not part of their first download). */
const client = () => import('./trpc').then((m) => m.trpcClient);

export type LoginOutcome =
  | { ok: true; user: { firstName: string; email: string; role: 'admin' | 'company' | 'rider' } }
  | { ok: false; reason: 'rejected'; message?: string }
  | { ok: false; reason: 'network' };

/** Sends the trimmed credentials with the role inferred from the email (a hint the server ignores). */
export async function loginRequest(email: string, password: string): Promise<LoginOutcome> {
  try {
    const res = await (await client()).auth.login.mutate({ email, password, role: inferRoleFromEmail(email) });
    if (!res.success) return { ok: false, reason: 'rejected' };
    return { ok: true, user: res.user };
  } catch (err) {
    // A chunk that failed to load is a network failure too; @trpc/client is loaded whenever the call was made.
    const TRPCClientError = await import('@trpc/client').then((m) => m.TRPCClientError, () => null);
    if (TRPCClientError && err instanceof TRPCClientError && (err as ClientError<AppRouter>).data) {
      return { ok: false, reason: 'rejected', message: err.message || undefined };
    }
    return { ok: false, reason: 'network' };
  }
}

/** Company login first ends any current session, silently. */
export async function silentLogout(): Promise<void> {
  await client()
    .then((c) => c.auth.logout.mutate())
    .catch(() => undefined);
}
