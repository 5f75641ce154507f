/**
 * Identity: accounts, sign-in (password, Google, device cookies), sessions, API tokens, password policy, invitations and resets.
 * The public face of this folder: other folders and the doors import it only from here (test/imports.test.ts).
 */
export { listAccounts } from './account-list';
export { revokeSessionsOnSuspension, signOutEverywhere } from './account-sessions';
export { authenticateApiToken, bearerToken, createApiToken, listApiTokens, revokeApiToken } from './api-tokens';
export { limitAuth } from './auth-limits';
export { login } from './auth';
export type { LoginResult } from './auth';
export { COMMON_PASSWORDS_FILE, commonPasswordsFromPackage } from './common-passwords-source';
export { createAdmin } from './first-admin';
export { pruneLoginAttempts } from './login-limiter';
export { acceptManagerInvitation, invitationUrl, issueManagerInvitation, mailManagerInvitation } from './manager-invitations';
export type { IssuedInvitation } from './manager-invitations';
export { finishGoogleLogin, startGoogleLogin } from './oauth-google';
export type { GoogleConfig } from './oauth-google';
export { changePassword } from './password-change';
export { issueResetLink, resetPassword } from './password-reset';
export { setPasswordAndSignIn, spendOnce, usableLink } from './password-set';
export { accountClaimed, requestRiderReset } from './rider-reset';
export type { RiderResetAnswer } from './rider-reset';
export { actsForRider, assertActsForRider } from './riders-access';
export { sessionCache } from './session-cache';
export type { CachedSession } from './session-cache';
export { SESSION_TTL_MS, createSession, invalidateSession } from './sessions';
export type { IssuedSession } from './sessions';
export { reserveTokenGuess, withSecretToken } from './token-guessing';
export { findUserByEmail, loadSessionUser, setUserLocale } from './users';
export { scopeOf } from './ai-scope';
export type { AiScope } from './ai-scope';
