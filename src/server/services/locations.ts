import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { locationPings, riders } from '../../../db/schema';
import type { LocationInput } from '../../shared/schemas/tracking';
import { publishChange } from './events';

/** Store a ping and move the rider's last known position, in one transaction. */
export async function recordLocation(db: Db, riderId: string, input: LocationInput, now = new Date()) {
  const recordedAt = input.recordedAt ? new Date(Math.min(input.recordedAt, now.getTime())) : now;
  await db.transaction(async (tx) => {
    await tx.insert(locationPings).values({
      riderId,
      lat: input.lat,
      lng: input.lng,
      accuracyM: input.accuracy ?? null,
      recordedAt,
      receivedAt: now,
    });
    await tx.update(riders).set({ lastLat: input.lat, lastLng: input.lng, lastSeenAt: recordedAt }).where(eq(riders.id, riderId));
  });
  publishChange('locations');
  return { success: true as const, recordedAt: recordedAt.toISOString() };
}
