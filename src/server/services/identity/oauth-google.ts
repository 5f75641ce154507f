import { decodeIdToken, generateCodeVerifier, generateState, Google } from 'arctic';
import type { Db } from '../../../../db/client';
import { loginWithVerifiedEmail, type LoginResult } from './auth';
import { DomainError } from '../../errors';
import { msg } from '../../../shared/i18n/message';

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export function startGoogleLogin(cfg: GoogleConfig) {
  const google = new Google(cfg.clientId, cfg.clientSecret, cfg.redirectUri);
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = google.createAuthorizationURL(state, codeVerifier, ['openid', 'email', 'profile']);
  return { url, state, codeVerifier };
}

/** Exchange the code, read the ID token and sign in the existing user with that verified email. */
export async function finishGoogleLogin(db: Db, cfg: GoogleConfig, code: string, codeVerifier: string): Promise<LoginResult> {
  const google = new Google(cfg.clientId, cfg.clientSecret, cfg.redirectUri);
  const tokens = await google.validateAuthorizationCode(code, codeVerifier);
  const claims = decodeIdToken(tokens.idToken()) as { email?: string; email_verified?: boolean };
  if (!claims.email || claims.email_verified !== true) {
    throw new DomainError('FORBIDDEN', msg('errors.googleUnconfirmed'));
  }
  return loginWithVerifiedEmail(db, claims.email);
}
