import type { Db } from '../../../../../db/client';
import { clockTime, dutyRestriction, orderRestriction, type Restriction } from '../../../../shared/compliance/rules';
import type { MessageKey } from '../../../../shared/i18n';
import { msg, type Message } from '../../../../shared/i18n/message';
import { riderRulesState } from '../region-rules';
import type { RiderRow } from './index';

/**
 * The region's working rules (docs/compliance.md). An order is refused to a rider inside a pause
 * for their vehicle (summer midday ban or break, iftar pause) or at the daily maximum of hours;
 * a duty only at the maximum — a rider may wait on duty through a pause and take orders after it.
 */
export async function rulesBlock(db: Db, rider: RiderRow, now: Date, what: 'duty' | 'order'): Promise<Message | null> {
  const { verdict, zone, settings } = await riderRulesState(db, rider, now);
  const hours = settings.maxDailyHours;
  if (what === 'duty') return dutyRestriction(verdict) ? msg('rules.block.duty', { hours }) : null;
  const r = orderRestriction(verdict);
  return r ? orderMessage(r, rider, zone, hours) : null;
}

function orderMessage(r: Restriction, rider: RiderRow, zone: string, hours: number): Message {
  if (r.rule === 'max_hours') return msg('rules.block.max_hours', { rider: rider.name, hours });
  const from = clockTime(r.start, zone);
  const to = clockTime(r.end, zone);
  // The summer rules pause motorcycles and bicycles only (OPEN_VEHICLES), so the rider's vehicle has a key.
  const deliveries = msg(`rules.deliveries.${rider.vehicleType}` as MessageKey);
  return msg(`rules.block.${r.rule}`, { deliveries, from, to, until: to });
}
