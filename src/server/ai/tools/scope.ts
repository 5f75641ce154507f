import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { riders } from '../../../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { AiScope } from '../tool';
import { msg } from '../../../shared/i18n/message';

/** One implementation (analysis/scope.ts), importable from beside the tools too. */
export { scopeForUser } from '../../services/reports';


/**
 * The company a query may cover: an admin's filter (or every company), otherwise the caller's own
 * company. Asking for another company is refused with a clear error, never answered with its rows.
 */
export function companyWall(scope: AiScope, requested: string | undefined): string | null {
  if (scope.role === 'admin') return requested ?? null;
  if (!scope.companyId) throw forbidden(msg('errors.noCompanyLink'));
  if (requested && requested !== scope.companyId) throw forbidden(msg('errors.ownCompanyOnly'));
  return scope.companyId;
}

/** The rider a per-rider tool may look at: a rider only itself, a company its own riders, an admin anyone. */
export async function riderWall(db: Db, scope: AiScope, riderId: string | undefined) {
  const id = riderId ?? scope.riderId;
  if (!id) throw notFound(msg('errors.riderNotFound'));
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, id) });
  const visible = rider && (scope.role === 'admin' || (scope.role === 'company' ? rider.companyId === scope.companyId : rider.id === scope.riderId));
  if (!visible) throw notFound(msg('errors.riderNotFound'));
  return rider;
}
