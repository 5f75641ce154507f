import type { Db } from '../../../../db/client';
import { findRider } from '../../services/directory';
import { forbidden, notFound } from '../../errors';
import type { AiScope } from '../tool';
import { t } from '../../../shared/i18n';

/** One implementation (analysis/scope.ts), importable from beside the tools too. */
export { scopeForUser } from '../../services/reports';

export const OTHER_COMPANY = 'Access denied: you can only see your own company';
export const RIDER_NOT_FOUND = 'Rider not found';

/**
 * The company a query may cover: an admin's filter (or every company), otherwise the caller's own
 * company. Asking for another company is refused with a clear error, never answered with its rows.
 */
export function companyWall(scope: AiScope, requested: string | undefined): string | null {
  if (scope.role === 'admin') return requested ?? null;
  if (!scope.companyId) throw forbidden(t('errors.noCompanyLink'));
  if (requested && requested !== scope.companyId) throw forbidden(OTHER_COMPANY);
  return scope.companyId;
}

/** The rider a per-rider tool may look at: a rider only itself, a company its own riders, an admin anyone. */
export async function riderWall(db: Db, scope: AiScope, riderId: string | undefined) {
  const id = riderId ?? scope.riderId;
  if (!id) throw notFound(RIDER_NOT_FOUND);
  const rider = await findRider(db, id);
  const visible = rider && (scope.role === 'admin' || (scope.role === 'company' ? rider.companyId === scope.companyId : rider.id === scope.riderId));
  if (!visible) throw notFound(RIDER_NOT_FOUND);
  return rider;
}
