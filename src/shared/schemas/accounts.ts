import { z } from 'zod';
import { ROLES } from '../permissions';
import { idField } from './fields';
import { pageInput } from './oversight';

/** admin.accounts: every sign-in account, searchable by email or name, paged like the oversight tables. */
export const accountListInput = pageInput.extend({ role: z.enum(ROLES).optional() });
export type AccountListInput = z.infer<typeof accountListInput>;

/** admin.issueResetLink: a one-time password reset link for one account. */
export const issueResetLinkInput = z.object({ userId: idField });

/** Minutes a reset link stays valid. */
export const RESET_LINK_TTL_MINUTES = 60;
