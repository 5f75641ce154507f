import { and, eq, lte, ne } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, riderDocuments, riders } from '../../../../db/schema';
import { DOCUMENT_REMINDER_DAYS, NOTICE_AUDIENCES } from '../../../shared/compliance/types';
import { REGIONS, REGION_IDS, type RegionId } from '../../../shared/regions';
import { addDays, documentStatus } from '../../../shared/schemas/documents';
import { localIsoDate } from '../../../shared/schemas/order-import';
import { notify } from './notices';
import { startHourly } from '../../lib/hourly';

/** Today's calendar day in the region's zone ('YYYY-MM-DD'). */
export const todayIn = (region: RegionId, now: Date) => localIsoDate(now, REGIONS[region].timezone);

/**
 * One notice per document, expiry date, stage and audience: `doc:<id>:<stage>:<expiresOn>:<audience>`.
 * A renewed document has a new date, so its next reminder is a new notice.
 */
export const documentNoticeKey = (id: string, stage: 'expiring' | 'expired', expiresOn: string, audience: string) =>
  `doc:${id}:${stage}:${expiresOn}:${audience}`;

/**
 * The reminder sweep: a notice to the company and to the rider when a document has
 * DOCUMENT_REMINDER_DAYS days or fewer left (document_expiring) and again once it has expired
 * (document_expired). "Today" is the company's zone day. Inactive riders are left out. Safe to run
 * as often as wanted (each notice is stored once); returns how many notices are new.
 */
export async function sendDocumentReminders(db: Db, now = new Date(), scope: { companyId?: string; riderId?: string } = {}): Promise<number> {
  // The latest "today" of any region bounds the query; each row is then judged in its own zone.
  const latestToday = REGION_IDS.map((r) => todayIn(r, now)).sort().at(-1)!;
  const rows = await db
    .select({
      id: riderDocuments.id,
      type: riderDocuments.type,
      expiresOn: riderDocuments.expiresOn,
      rider: { id: riders.id, name: riders.name, companyId: riders.companyId },
      region: companies.region,
    })
    .from(riderDocuments)
    .innerJoin(riders, eq(riders.id, riderDocuments.riderId))
    .innerJoin(companies, eq(companies.id, riders.companyId))
    .where(
      and(
        lte(riderDocuments.expiresOn, addDays(latestToday, DOCUMENT_REMINDER_DAYS)),
        ne(riders.status, 'inactive'),
        scope.companyId ? eq(riders.companyId, scope.companyId) : undefined,
        scope.riderId ? eq(riders.id, scope.riderId) : undefined,
      ),
    );
  let sent = 0;
  for (const row of rows) {
    const { status } = documentStatus(row.expiresOn, todayIn(row.region, now));
    if (status === 'valid') continue;
    const stage = status === 'expired' ? 'expired' : 'expiring';
    for (const audience of NOTICE_AUDIENCES) {
      const fresh = await notify(
        db,
        {
          companyId: row.rider.companyId,
          riderId: row.rider.id,
          audience,
          kind: stage === 'expired' ? 'document_expired' : 'document_expiring',
          params: { rider: row.rider.name, document: row.type, date: row.expiresOn },
          dedupeKey: documentNoticeKey(row.id, stage, row.expiresOn, audience),
        },
        now,
      );
      if (fresh) sent++;
    }
  }
  return sent;
}

/** At server start and then hourly (never in tests). Returns a stop that waits for a sweep in progress. */
export function startDocumentReminders(db: Db): () => Promise<void> {
  return startHourly('document reminders', () => sendDocumentReminders(db));
}
