import { z } from 'zod';
import { idempotencyKey } from './rider-app';
import { byKey } from '../i18n/message';

/** A location update: real coordinates only. */
export const locationInput = z.object({
  lat: z.number().finite().min(-90, byKey('errors.latRange')).max(90, byKey('errors.latRange')),
  lng: z.number().finite().min(-180, byKey('errors.lngRange')).max(180, byKey('errors.lngRange')),
  accuracy: z.number().finite().min(0).max(100000).optional(),
  recordedAt: z.number().int().positive().optional(),
  /** A replayed ping with the same key is stored once. */
  idempotencyKey,
});
export type LocationInput = z.infer<typeof locationInput>;

export const riderIdParam = z.object({ id: z.string().trim().min(1).max(40) });
