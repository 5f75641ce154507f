import { z } from 'zod';
import { REGION_IDS } from '../regions';
import { idField, optionalPhone, optionalText, phoneField, requiredText, VEHICLE_TYPES } from './fields';
import { byKey } from '../i18n/message';

export const ORDER_STATUSES = ['pending', 'assigned', 'picked_up', 'delivered', 'cancelled', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const RIDER_STATUSES = ['active', 'inactive', 'suspended'] as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, byKey('errors.useDateFormat'));

/** Server-side paging shared by every oversight table. */
export const pageInput = z.object({
  page: z.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.number().int().min(5).max(100).optional().default(20),
  q: z.string().trim().max(100).optional().default(''),
});

export const orderListInput = pageInput.extend({
  companyId: idField.optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  region: z.enum(REGION_IDS).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** Where orders came from: 'seed' shows the demo's sample orders. */
  source: z.enum(['form', 'import', 'seed']).optional(),
});
export type OrderListInput = z.infer<typeof orderListInput>;

export const riderListInput = pageInput.extend({
  companyId: idField.optional(),
  status: z.enum(RIDER_STATUSES).optional(),
  region: z.enum(REGION_IDS).optional(),
});
export type RiderListInput = z.infer<typeof riderListInput>;

export const companyListInput = pageInput.extend({
  region: z.enum(REGION_IDS).optional(),
  active: z.boolean().optional(),
});
export type CompanyListInput = z.infer<typeof companyListInput>;

export const byId = z.object({ id: idField });

export const companyUpdateInput = z.object({
  id: idField,
  name: requiredText('errors.companyNameRequired', 160),
  phone: optionalPhone(),
  address: optionalText(300),
  contactPerson: optionalText(120),
  sheetUrl: z.union([z.literal(''), z.url(byKey('errors.sheetLink')).max(500)]).optional().default(''),
});
export type CompanyUpdateInput = z.infer<typeof companyUpdateInput>;

export const riderUpdateInput = z.object({
  id: idField,
  name: requiredText('errors.nameRequired', 120),
  phone: phoneField(),
  vehicleType: z.enum(VEHICLE_TYPES, byKey('errors.vehicleTypeRequired')),
  licenseNumber: requiredText('errors.licenseRequired', 30).transform((v) => v.toUpperCase()),
});
export type RiderUpdateInput = z.infer<typeof riderUpdateInput>;

export const setActiveInput = z.object({ id: idField, active: z.boolean() });

export const assignInput = z.object({ orderId: idField, riderId: idField });
export const orderStatusInput = z.object({ orderId: idField, status: z.enum(ORDER_STATUSES) });

/** The order state machine: which status may follow which. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['assigned', 'cancelled'],
  assigned: ['picked_up', 'pending', 'cancelled'],
  picked_up: ['delivered', 'failed'],
  delivered: [],
  cancelled: [],
  failed: ['pending'],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}
