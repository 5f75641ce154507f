import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { riders } from '../../../../db/schema';
import { lastSeenDate, positionMs } from '../reports';

// Table-qualified by hand: inside sql`` drizzle renders a column as a bare name, which would bind to the subquery's table.
const onBreak = sql<number>`exists (select 1 from duty_breaks b join duty_shifts s on s.id = b.shift_id where s.rider_id = "riders"."id" and s.ended_at is null and b.ended_at is null)`.mapWith(Boolean);
const load = sql<number>`(select count(*) from orders o where o.rider_id = "riders"."id" and o.status in ('assigned', 'picked_up'))`.mapWith(Number);

/**
 * GET /api/v1/riders: a company's riders as dispatch sees them now: status, duty (off, on, on a break), the
 * last known position and its age (the phone's time of the stored fix, else the last sighting, docs/figures.md), and the
 * current load (orders assigned or picked up).
 */
export async function companyRidersNow(db: Db, companyId: string, now = new Date()) {
  const rows = await db
    .select({
      id: riders.id,
      name: riders.name,
      vehicleType: riders.vehicleType,
      status: riders.status,
      onDuty: riders.onDuty,
      onBreak,
      lat: riders.lastLat,
      lng: riders.lastLng,
      lastSeenAt: positionMs,
      load,
    })
    .from(riders)
    .where(eq(riders.companyId, companyId))
    .orderBy(asc(riders.name), asc(riders.id));
  const ageSeconds = (lastSeenAt: (typeof rows)[number]['lastSeenAt']) => {
    const seen = lastSeenDate(lastSeenAt);
    return seen ? Math.max(0, Math.floor((now.getTime() - seen.getTime()) / 1000)) : null;
  };
  // Where a rider is and since when, as the shop's systems want it: one duty word, a position or null, its age.
  return rows.map(({ onDuty, onBreak, lat, lng, lastSeenAt, ...rider }) => ({
    ...rider,
    duty: !onDuty ? ('off_duty' as const) : onBreak ? ('on_break' as const) : ('on_duty' as const),
    position: lat !== null && lng !== null ? { lat, lng } : null,
    positionAgeSeconds: ageSeconds(lastSeenAt),
  }));
}
