import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../../db/client';
import { companies, riderDocuments } from '../../../../../db/schema';
import { currentLocale } from '../../../../shared/i18n';
import { msg, type Message } from '../../../../shared/i18n/message';
import { dateLocale, REGIONS } from '../../../../shared/regions';
import { formatIsoDate } from '../../../../shared/schemas/documents';
import { todayIn } from '../documents-reminders';
import type { RiderRow } from './index';

/**
 * An expired driving licence keeps a rider off duty and from new orders: its expiry date (the last valid day) is before
 * today in the company's zone. A rider with no licence on record is not blocked (docs/spec-decisions.md):
 * the legal analysis already flags missing licence numbers, and the company's "Expiring and expired"
 * list names the riders without one.
 */
export async function documentsDutyBlock(db: Db, rider: RiderRow, now: Date, what: 'duty' | 'order' = 'duty'): Promise<Message | null> {
  const licence = await db.query.riderDocuments.findFirst({
    where: and(eq(riderDocuments.riderId, rider.id), eq(riderDocuments.type, 'driving_licence')),
    columns: { expiresOn: true },
  });
  if (!licence) return null;
  const company = await db.query.companies.findFirst({ where: eq(companies.id, rider.companyId), columns: { region: true } });
  const region = company?.region ?? 'kuwait';
  if (licence.expiresOn >= todayIn(region, now)) return null;
  const date = formatIsoDate(licence.expiresOn, dateLocale(REGIONS[region], currentLocale()));
  // An order is refused too: a licence that expires mid-shift stops new orders at midnight (the rider stays on duty).
  return what === 'duty' ? msg('documents.duty.licenceExpired', { date }) : msg('documents.order.licenceExpired', { rider: rider.name, date });
}
