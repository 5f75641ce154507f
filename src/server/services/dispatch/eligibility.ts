import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { riders } from '../../../../db/schema';
import { t } from '../../../shared/i18n';
import type { DispatchSettings } from '../../../shared/schemas/dispatch';
import { orderBlock } from '../compliance';
import type { OrderRow, RiderFacts } from './facts';

/** Why a rider is not offered an order: the cheap rules first (from the facts), then the compliance guards. */
export type Exclusion = 'off_duty' | 'on_break' | 'paused' | 'asked_before' | 'vehicle' | 'no_room' | 'answering' | 'guard';

/** Vehicles from smallest to largest: an order that needs a car fits a car or a van. */
const VEHICLE_SIZE = { bicycle: 0, motorcycle: 1, car: 2, van: 3 } as const;

export function vehicleFits(rider: RiderFacts['rider'], required: OrderRow['requiredVehicle']): boolean {
  return !required || VEHICLE_SIZE[rider.vehicleType] >= VEHICLE_SIZE[required];
}

/** The rules decided by the facts alone; null when the rider passes them. */
export function factsExclusion(f: RiderFacts, order: OrderRow, settings: DispatchSettings, asked: ReadonlySet<string>): Exclusion | null {
  if (!f.onShift) return 'off_duty';
  if (f.onBreak) return 'on_break';
  if (f.paused) return 'paused';
  if (asked.has(f.rider.id)) return 'asked_before';
  if (!vehicleFits(f.rider, order.requiredVehicle)) return 'vehicle';
  if (f.load >= settings.maxLoad) return 'no_room';
  if (f.hasOpenOffer) return 'answering';
  return null;
}

/**
 * The existing guards of taking an order (services/compliance: documents valid, the working rules now, the cash
 * limit for a cash order), for the orders of one offer together; the reason in the request's language, or null.
 */
export async function guardBlock(db: Db, f: RiderFacts, batch: readonly OrderRow[], now: Date): Promise<string | null> {
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, f.rider.id) });
  // Removed since the facts were read: not a candidate.
  if (!rider) return t('errors.riderNotFound');
  const cash = batch.filter((o) => o.paymentMethod === 'cash');
  const facts = { paymentMethod: cash.length ? 'cash' : 'prepaid', codAmountMinor: cash.reduce((s, o) => s + o.codAmountMinor, 0) };
  return orderBlock(db, rider, facts, now);
}
