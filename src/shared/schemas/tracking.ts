import { z } from 'zod';
import { idempotencyKey } from './rider-app';

/** A location update: real coordinates only. */
export const locationInput = z.object({
  lat: z.number().finite().min(-90, 'lat must be between -90 and 90').max(90, 'lat must be between -90 and 90'),
  lng: z.number().finite().min(-180, 'lng must be between -180 and 180').max(180, 'lng must be between -180 and 180'),
  accuracy: z.number().finite().min(0).max(100000).optional(),
  recordedAt: z.number().int().positive().optional(),
  /** A replayed ping with the same key is stored once. */
  idempotencyKey,
});
export type LocationInput = z.infer<typeof locationInput>;

export const riderIdParam = z.object({ id: z.string().trim().min(1).max(40) });
