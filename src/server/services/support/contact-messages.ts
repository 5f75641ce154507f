import { desc } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { contactMessages } from '../../../../db/schema';

/** The latest contact-form messages, for the admin inbox beside the chat leads. */
export async function listContactMessages(db: Db, limit = 100) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit);
}
