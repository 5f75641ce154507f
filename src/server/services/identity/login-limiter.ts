import { and, asc, count, countDistinct, eq, gt, isNull, lt, lte, max, ne } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { loginAttempts } from '../../../../db/schema';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 10;

/**
 * Failures within the window: per device cookie (a trusted browser) and per account from untrusted ones
 * (`account`); from one IP (untrusted only) over more than `ipAccounts` accounts or more than `ipFailures`
 * attempts in all: credential stuffing. The browser tests raise LOGIN_MAX_FAILURES; the IP limits follow.
 */
export interface LoginLimits {
  account: number;
  ipAccounts: number;
  ipFailures: number;
}
export const loginLimits = (maxFailures = LOGIN_MAX_FAILURES): LoginLimits => ({ account: maxFailures, ipAccounts: 2 * maxFailures, ipFailures: 10 * maxFailures });

export interface LoginAttempt {
  email: string;
  ip: string;
  /** The nonce of a valid device cookie for this account (device-cookie.ts), else null. */
  device: string | null;
}
/** The attempt was let through: its row (written as a failure) to mark successful if the password is right. */
export interface LoginSlot {
  ok: true;
  attemptId: number;
  /** Let through as a trusted device (its own failures under the limit): other failures did not count. */
  trusted: boolean;
}
/** The attempt was refused: which limit tripped (the account, or the IP for stuffing), its key and the seconds to wait. */
export interface LoginRefusal {
  ok: false;
  scope: 'account' | 'ip';
  key: string;
  retryAfterSeconds: number;
}

const failuresUpTo = (attemptId: number, since: Date, where: SQL | undefined) =>
  and(where, eq(loginAttempts.success, false), gt(loginAttempts.at, since), lte(loginAttempts.id, attemptId));

const waitUntil = (at: Date | number | null | undefined, now: Date) =>
  Math.max(1, Math.ceil(((at ? new Date(at).getTime() : now.getTime()) + LOGIN_WINDOW_MS - now.getTime()) / 1000));

/** The `over`-th oldest failure time under `where` (counting from 1): when it leaves the window, the key is under its limit again. */
async function nthOldest(db: Db, where: SQL | undefined, over: number) {
  const [row] = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(where)
    .orderBy(asc(loginAttempts.at), asc(loginAttempts.id))
    .limit(1)
    .offset(Math.max(0, over - 1));
  return row?.at;
}

/**
 * OWASP's device cookies. The attempt is written as a failure BEFORE the password is checked and counted with
 * the rows up to and including its own (by id), so of any number of concurrent attempts at most the limit are
 * checked; a refused attempt's row is removed again (refusals do not prolong a lockout).
 * - With a valid device cookie for the account: only that device's own failures count (10, then it is
 *   treated as untrusted); failures elsewhere, for the account or from the IP, never refuse it.
 * - Without: more than `account` failures for the account from untrusted clients refuse it, and so does
 *   credential stuffing from its IP (failures over more than `ipAccounts` accounts or more than `ipFailures`).
 *   Failures for one account never refuse another account's attempt otherwise.
 */
export async function reserveLoginAttempt(db: Db, attempt: LoginAttempt, now = new Date(), limits = loginLimits()): Promise<LoginSlot | LoginRefusal> {
  const { email, ip, device } = attempt;
  const [row] = await db.insert(loginAttempts).values({ email, ip, device, success: false, at: now }).returning({ id: loginAttempts.id });
  const attemptId = row!.id;
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  if (device) {
    const [own] = await db.select({ failures: count() }).from(loginAttempts).where(failuresUpTo(attemptId, since, eq(loginAttempts.device, device)));
    if ((own?.failures ?? 0) <= limits.account) return { ok: true, attemptId, trusted: true };
    // Too many failures on this device: it no longer vouches for the attempt, which counts as untrusted.
    await db.update(loginAttempts).set({ device: null }).where(eq(loginAttempts.id, attemptId));
  }
  const untrusted = isNull(loginAttempts.device);
  const refuse = async (scope: LoginRefusal['scope'], key: string, at: Date | undefined): Promise<LoginRefusal> => {
    await db.delete(loginAttempts).where(eq(loginAttempts.id, attemptId));
    return { ok: false, scope, key, retryAfterSeconds: waitUntil(at, now) };
  };

  const accountWhere = failuresUpTo(attemptId, since, and(eq(loginAttempts.email, email), untrusted));
  const [account] = await db.select({ failures: count() }).from(loginAttempts).where(accountWhere);
  const accountFailures = account?.failures ?? 0;
  if (accountFailures > limits.account) return refuse('account', email, await nthOldest(db, accountWhere, accountFailures - limits.account));

  const ipWhere = failuresUpTo(attemptId, since, and(eq(loginAttempts.ip, ip), untrusted));
  const [fromIp] = await db.select({ failures: count(), accounts: countDistinct(loginAttempts.email) }).from(loginAttempts).where(ipWhere);
  const ipFailures = fromIp?.failures ?? 0;
  if (ipFailures > limits.ipFailures) return refuse('ip', ip, await nthOldest(db, ipWhere, ipFailures - limits.ipFailures));
  const ipAccounts = fromIp?.accounts ?? 0;
  if (ipAccounts > limits.ipAccounts) {
    // Open again once enough of the other accounts' last failures from this IP have left the window.
    const others = await db
      .select({ last: max(loginAttempts.at) })
      .from(loginAttempts)
      .where(and(ipWhere, ne(loginAttempts.email, email)))
      .groupBy(loginAttempts.email)
      .orderBy(asc(max(loginAttempts.at)))
      .limit(1)
      .offset(ipAccounts - limits.ipAccounts - 1);
    return refuse('ip', ip, others[0]?.last ?? undefined);
  }
  return { ok: true, attemptId, trusted: false };
}

/** The password was right: the attempt's row stops counting as a failure. */
export async function markLoginSucceeded(db: Db, attemptId: number) {
  await db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, attemptId));
}

/** Old attempts are useless once outside the window. */
export async function pruneLoginAttempts(db: Db, now = new Date()) {
  await db.delete(loginAttempts).where(lt(loginAttempts.at, new Date(now.getTime() - LOGIN_WINDOW_MS)));
}
