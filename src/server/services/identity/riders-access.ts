import type { SessionUser } from '../../../shared/schemas/auth';
import { forbidden } from '../../errors';
import { msg } from '../../../shared/i18n/message';

/** Whether the user is rider `riderId` themself: the one test of the procedures and the fast lane (http/fast-lane.ts). */
export const actsForRider = (user: SessionUser, riderId: string): boolean => user.role === 'rider' && user.roleData.id === riderId;

/** A rider may act only for their own rider id; the id in a path is never trusted alone. */
export function assertActsForRider(user: SessionUser, riderId: string): void {
  if (actsForRider(user, riderId)) return;
  throw forbidden(msg('errors.ownRiderOnly'));
}
