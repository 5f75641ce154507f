import { desc } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { leads } from '../../../../db/schema';

export async function listLeads(db: Db, limit = 100) {
  return db.select().from(leads).orderBy(desc(leads.createdAt)).limit(limit);
}
