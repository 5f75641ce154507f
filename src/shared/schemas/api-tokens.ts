import { z } from 'zod';
import { idField, requiredText } from './fields';

/** Every API token starts with this, so a leaked one is easy to recognise (and to scan for). */
export const API_TOKEN_PREFIX = 'kwt_';
/** How many characters of a token the list shows to tell tokens apart. */
export const API_TOKEN_SHOWN_CHARS = 12;
/** Live (unrevoked) tokens a user may hold at once. */
export const API_TOKENS_PER_USER = 20;

export const apiTokenCreateInput = z.object({ name: requiredText('errors.nameRequired', 60) });
export type ApiTokenCreateInput = z.infer<typeof apiTokenCreateInput>;

export const apiTokenRevokeInput = z.object({ id: idField });

/** A token as its owner sees it in the list: never the token or its hash. */
export interface ApiTokenSummary {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
