import { z } from 'zod';
import { emailField, idField, requiredText } from './fields';

/** admin.addManager: another manager account for an existing company (invited by a one-time link). */
export const newManagerInput = z.object({
  companyId: idField.describe('company id'),
  name: requiredText('errors.nameRequired', 120),
  email: emailField(),
});
export type NewManagerInput = z.infer<typeof newManagerInput>;

/** admin.reissueInvitation: a new invitation for a manager who has never signed in. */
export const managerIdInput = z.object({ userId: idField });

/** admin.setManagerStatus: suspend or reinstate a company manager. */
export const managerStatusInput = z.object({ userId: idField, suspended: z.boolean() });
