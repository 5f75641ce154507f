import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../../db/client';
import { companies, orders, riders } from '../../../../../db/schema';
import { t } from '../../../../shared/i18n';
import { CURRENCIES, type Currency } from '../../../../shared/money';
import { REGIONS, regionOfCurrency } from '../../../../shared/regions';
import { REPORT_TIME_ZONE } from '../../../../shared/schemas/reports';
import type { SessionUser } from '../../../../shared/schemas/auth';
import { forbidden } from '../../../errors';
import { REGION_WEEKEND, weekendOf, type Weekend } from '../../../../shared/weekend';
import { scopeOf, type AiScope } from '../../identity';

/** What an analysis covers, resolved from the caller's scope (never from a client's input). */
export interface AnalysisTarget {
  kind: 'system' | 'company' | 'rider';
  name: string;
  /** Set for a company and for a rider (the rider's company). */
  companyId: string | null;
  riderId: string | null;
  /** The region's zone: a company's or rider's own, Kuwait for the whole system. */
  timeZone: string;
  /** The currencies the texts speak of: the region's, or both for the whole system. */
  currencies: readonly Currency[];
  /** The company's weekend (Kuwait's for the whole system): weeks start the day after it. */
  weekend: Weekend;
}

const noScope = () => forbidden(t('analysis.error.noScope'));

export async function resolveTarget(db: Db, scope: AiScope): Promise<AnalysisTarget> {
  if (scope.role === 'admin') {
    return { kind: 'system', name: t('analysis.scope.system'), companyId: null, riderId: null, timeZone: REPORT_TIME_ZONE, currencies: CURRENCIES, weekend: REGION_WEEKEND.kuwait };
  }
  if (scope.role === 'company') {
    const company = scope.companyId ? await db.query.companies.findFirst({ where: eq(companies.id, scope.companyId) }) : undefined;
    if (!company) throw noScope();
    return { kind: 'company', name: company.name, companyId: company.id, riderId: null, timeZone: REGIONS[company.region].timezone, currencies: [company.currency], weekend: weekendOf(company) };
  }
  const rider = scope.riderId ? await db.query.riders.findFirst({ where: eq(riders.id, scope.riderId) }) : undefined;
  if (!rider) throw noScope();
  const company = await db.query.companies.findFirst({ where: eq(companies.id, rider.companyId), columns: { weekend: true, region: true, currency: true } });
  // The company's zone and currency, not the region the rider picked in the app (services/rider/rider-region.ts).
  const region = REGIONS[company?.region ?? regionOfCurrency(rider.region).id];
  return { kind: 'rider', name: rider.name, companyId: rider.companyId, riderId: rider.id, timeZone: region.timezone, currencies: [company?.currency ?? region.currency], weekend: company ? weekendOf(company) : REGION_WEEKEND[region.id] };
}

/** Riders the target covers: one rider, a company's fleet, or everyone. */
export const riderWhere = (target: AnalysisTarget): SQL | undefined =>
  target.riderId ? eq(riders.id, target.riderId) : target.companyId ? eq(riders.companyId, target.companyId) : undefined;

/** Orders the target covers: a rider's own, a company's, or all. */
export const orderWhere = (target: AnalysisTarget): SQL | undefined =>
  target.riderId ? eq(orders.riderId, target.riderId) : target.companyId ? eq(orders.companyId, target.companyId) : undefined;

export interface ScopedRider {
  id: string;
  name: string;
  companyName: string;
  status: (typeof riders.$inferSelect)['status'];
  licenseNumber: string;
  onDuty: boolean;
}

export async function ridersOf(db: Db, target: AnalysisTarget): Promise<ScopedRider[]> {
  return db
    .select({ id: riders.id, name: riders.name, companyName: companies.name, status: riders.status, licenseNumber: riders.licenseNumber, onDuty: riders.onDuty })
    .from(riders)
    .innerJoin(companies, eq(companies.id, riders.companyId))
    .where(riderWhere(target))
    .orderBy(riders.name, riders.id);
}

/** The AiScope of a signed-in user, with a rider's company filled in. */
export async function scopeForUser(db: Db, user: SessionUser): Promise<AiScope> {
  if (user.role !== 'rider' || !user.roleData.id) return scopeOf(user);
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, user.roleData.id), columns: { companyId: true } });
  return scopeOf(user, rider?.companyId ?? null);
}
