import { asc } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies } from '../../../../db/schema';

/** Companies for choosers and admin lists. */
export async function listCompanies(db: Db) {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      email: companies.email,
      region: companies.region,
      currency: companies.currency,
      /** Its own weekend, null for the region's default (weekendOf). */
      weekend: companies.weekend,
    })
    .from(companies)
    .orderBy(asc(companies.name));
}
