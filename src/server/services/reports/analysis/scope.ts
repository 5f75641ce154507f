import { eq } from 'drizzle-orm';
import type { Db } from '../../../../../db/client';
import { companies, riders } from '../../../../../db/schema';
import { t } from '../../../../shared/i18n';
import { CURRENCIES, type Currency } from '../../../../shared/money';
import { REGIONS, regionOfCurrency } from '../../../../shared/regions';
import { REPORT_TIME_ZONE } from '../../../../shared/schemas/reports';
import { forbidden } from '../../../errors';
import { REGION_WEEKEND, weekendOf, type Weekend } from '../../../../shared/weekend';
import { riderRows, type Actor } from '../../access';
import { msg } from '../../../../shared/i18n/message';

/**
 * The terms an analysis speaks in for its actor (whose rows it reads is the actor's: services/access):
 * the whole system, a company or a rider, by name, in its zone, currencies and week.
 */
export interface AnalysisFrame {
  kind: 'system' | 'company' | 'rider';
  name: string;
  /** The region's zone: a company's or rider's own, Kuwait for the whole system. */
  timeZone: string;
  /** The currencies the texts speak of: the region's, or both for the whole system. */
  currencies: readonly Currency[];
  /** The company's weekend (Kuwait's for the whole system): weeks start the day after it. */
  weekend: Weekend;
}

const noScope = () => forbidden(msg('analysis.error.noScope'));

export async function analysisFrame(db: Db, scope: Actor): Promise<AnalysisFrame> {
  if (scope.role === 'admin') {
    return { kind: 'system', name: t('analysis.scope.system'), timeZone: REPORT_TIME_ZONE, currencies: CURRENCIES, weekend: REGION_WEEKEND.kuwait };
  }
  if (scope.role === 'company') {
    const company = scope.companyId ? await db.query.companies.findFirst({ where: eq(companies.id, scope.companyId) }) : undefined;
    if (!company) throw noScope();
    return { kind: 'company', name: company.name, timeZone: REGIONS[company.region].timezone, currencies: [company.currency], weekend: weekendOf(company) };
  }
  const rider = scope.riderId ? await db.query.riders.findFirst({ where: eq(riders.id, scope.riderId) }) : undefined;
  if (!rider) throw noScope();
  const company = await db.query.companies.findFirst({ where: eq(companies.id, rider.companyId), columns: { weekend: true, region: true, currency: true } });
  // The company's zone and currency, not the region the rider picked in the app (services/rider/rider-region.ts).
  const region = REGIONS[company?.region ?? regionOfCurrency(rider.region).id];
  return { kind: 'rider', name: rider.name, timeZone: region.timezone, currencies: [company?.currency ?? region.currency], weekend: company ? weekendOf(company) : REGION_WEEKEND[region.id] };
}

export interface ScopedRider {
  id: string;
  name: string;
  companyName: string;
  status: (typeof riders.$inferSelect)['status'];
  licenseNumber: string;
  onDuty: boolean;
}

export async function ridersOf(db: Db, actor: Actor): Promise<ScopedRider[]> {
  return db
    .select({ id: riders.id, name: riders.name, companyName: companies.name, status: riders.status, licenseNumber: riders.licenseNumber, onDuty: riders.onDuty })
    .from(riders)
    .innerJoin(companies, eq(companies.id, riders.companyId))
    .where(riderRows(actor))
    .orderBy(riders.name, riders.id);
}
