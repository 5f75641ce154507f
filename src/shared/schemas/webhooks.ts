import { z } from 'zod';
import { idField } from './fields';
import { byKey } from '../i18n/message';

/** The events a company may subscribe an endpoint to. 'ping' is only ever sent by "Send test". */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.offered',
  'order.assigned',
  'order.unassigned',
  'order.picked_up',
  'order.delivered',
  'order.failed',
  'order.eta_changed',
  'rider.created',
  'cash.submitted',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export type WebhookEventOrPing = WebhookEvent | 'ping';

export const WEBHOOK_URL_MAX = 2000;

export const webhookCreateInput = z.object({
  url: z
    .string(byKey('errors.endpointUrlRequired'))
    .trim()
    .min(1, byKey('errors.endpointUrlRequired'))
    .max(WEBHOOK_URL_MAX, byKey('errors.urlTooLong'))
    .pipe(z.url({ protocol: /^https?$/, ...byKey('errors.urlFull') })),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, byKey('errors.eventUnknown')))
    .min(1, byKey('errors.eventRequired'))
    .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e))),
});
export type WebhookCreateInput = z.infer<typeof webhookCreateInput>;

export const webhookIdInput = z.object({ id: idField });
export const webhookSetActiveInput = z.object({ id: idField, active: z.boolean() });
export const webhookDeliveriesInput = z
  .object({ endpointId: idField.optional(), limit: z.number().int().min(1).max(100).optional().default(50) })
  .optional()
  .default({ limit: 50 });
