import type { SessionUser } from '../../../shared/schemas/auth';
import { forbidden } from '../../errors';
import { t } from '../../../shared/i18n';

/** A rider may act only for their own rider id; the id in a path is never trusted alone. */
export function assertActsForRider(user: SessionUser, riderId: string): void {
  if (user.role === 'rider' && user.roleData.id === riderId) return;
  throw forbidden(t('errors.ownRiderOnly'));
}
