import { z } from 'zod';
import { parseEnv } from '../../env';
import type { ToolContext } from '../tool';

/** env.ts's own default, for a caller that passes no context. */
const DEFAULT_AED_TO_KWD = parseEnv({}).AED_TO_KWD_RATE;

export const aedToKwdOf = (ctx?: ToolContext): number => ctx?.aedToKwd ?? DEFAULT_AED_TO_KWD;

/** Page and size for the listing tools: small pages keep a model's context lean. */
export const pageShape = {
  page: z.number().int().min(1).max(10_000).default(1).describe('Page number, from 1.'),
  pageSize: z.number().int().min(5).max(50).default(20).describe('Rows per page, 5 to 50 (default 20).'),
};

export const textQuery = (what: string) => z.string().trim().max(100).default('').describe(`Free text matched against ${what} (case-insensitive, partial).`);
