import { z } from 'zod';
import { byKey } from '../i18n/message';

/** Staleness is a figure (docs/figures.md), defined in ../figures/presence.ts. */
export { isStale, STALE_AFTER_MS } from '../figures/presence';

/** An admin may narrow the map to one company; a company always sees its own. */
export const fleetInput = z.object({ companyId: z.string().trim().min(1).max(40).optional() }).optional();

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, byKey('errors.dateFormat'))
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, byKey('errors.dateReal'));

export const historyInput = z.object({ riderId: z.string().trim().min(1).max(40), date: isoDate });
export type HistoryInput = z.infer<typeof historyInput>;

export const riderPickInput = z.object({ q: z.string().trim().max(80).optional() }).optional();
export const riderDayInput = z.object({ riderId: z.string().trim().min(1).max(40) });
