import type { Db } from '../../../db/client';
import { contactMessages } from '../../../db/schema';
import type { ContactInput } from '../../shared/schemas/contact';

/** Keep every contact message; the sales team reads them in the admin portal. */
export async function submitContact(db: Db, input: ContactInput) {
  const [row] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  return { success: true as const, id: row!.id };
}
