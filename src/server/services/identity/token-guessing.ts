import type { Db } from '../../../../db/client';
import { DomainError } from '../../errors';
import { reserveFailure } from './auth-limits';

/** The per-IP, failures-only rules of the doors that take a secret token (auth-limits.ts). */
export type TokenRule = 'inviteAccept' | 'resetUse' | 'mcpBadToken' | 'apiBadToken';

export interface TokenGuess {
  /** The token was good: this attempt stops counting (a valid token is never refused). */
  release: () => void;
  /** The token was bad: throws the 429 (audited) when the IP is over its limit of bad tokens. */
  refuseIfLocked: () => void;
}

/**
 * Token guessing (invitation and reset links, /mcp bearer tokens), per IP: only wrong tokens count. The
 * attempt is counted as wrong BEFORE the token is checked (parallel guesses cannot overrun the limit) and
 * taken back when it is good. A good token always passes, as a right password on a trusted device does: the
 * tokens are 100+ random bits, so a locked address learns nothing by guessing on, and riders and managers
 * behind one address (a carrier's NAT, an office) are never refused for someone else's mistakes.
 */
export async function reserveTokenGuess(db: Db, rule: TokenRule, ip: string): Promise<TokenGuess> {
  try {
    const release = await reserveFailure(db, rule, ip);
    return { release, refuseIfLocked: () => undefined };
  } catch (lockout) {
    return {
      release: () => undefined,
      refuseIfLocked: () => {
        throw lockout;
      },
    };
  }
}

/** Runs `spend` (which throws a DomainError on the `token` field when the link is unknown, used or expired) under the rule. */
export async function withSecretToken<T>(db: Db, rule: TokenRule, ip: string, spend: () => Promise<T>): Promise<T> {
  const guess = await reserveTokenGuess(db, rule, ip);
  try {
    const result = await spend();
    guess.release();
    return result;
  } catch (err) {
    if (err instanceof DomainError && err.field === 'token') guess.refuseIfLocked();
    else guess.release();
    throw err;
  }
}
