import { z } from 'zod';
import { idField } from './fields';

/** The events a company may subscribe an endpoint to. 'ping' is only ever sent by "Send test". */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.offered',
  'order.assigned',
  'order.unassigned',
  'order.picked_up',
  'order.delivered',
  'order.failed',
  'rider.created',
  'cash.submitted',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export type WebhookEventOrPing = WebhookEvent | 'ping';

export const WEBHOOK_URL_MAX = 2000;

export const webhookCreateInput = z.object({
  url: z
    .string('Enter the endpoint URL')
    .trim()
    .min(1, 'Enter the endpoint URL')
    .max(WEBHOOK_URL_MAX, 'The URL is too long')
    .pipe(z.url({ protocol: /^https?$/, message: 'Enter a full URL starting with https://' })),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, 'Unknown event'))
    .min(1, 'Choose at least one event')
    .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e))),
});
export type WebhookCreateInput = z.infer<typeof webhookCreateInput>;

export const webhookIdInput = z.object({ id: idField });
export const webhookSetActiveInput = z.object({ id: idField, active: z.boolean() });
export const webhookDeliveriesInput = z
  .object({ endpointId: idField.optional(), limit: z.number().int().min(1).max(100).optional().default(50) })
  .optional()
  .default({ limit: 50 });
