import { z } from 'zod';

/** A rider not seen for this long shows as stale on the fleet map (issue 5 item 6). */
export const STALE_AFTER_MS = 10 * 60 * 1000;

/** Stale at exactly 10 minutes without a sighting, or when never seen. */
export function isStale(lastSeenAt: Date | string | number | null | undefined, now: number = Date.now()): boolean {
  if (lastSeenAt === null || lastSeenAt === undefined) return true;
  const at = typeof lastSeenAt === 'number' ? lastSeenAt : new Date(lastSeenAt).getTime();
  return !Number.isFinite(at) || now - at >= STALE_AFTER_MS;
}

/** An admin may narrow the map to one company; a company always sees its own. */
export const fleetInput = z.object({ companyId: z.string().trim().min(1).max(40).optional() }).optional();

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'Date must be a real day');

export const historyInput = z.object({ riderId: z.string().trim().min(1).max(40), date: isoDate });
export type HistoryInput = z.infer<typeof historyInput>;

export const riderPickInput = z.object({ q: z.string().trim().max(80).optional() }).optional();
export const riderDayInput = z.object({ riderId: z.string().trim().min(1).max(40) });
