import { z } from 'zod';
import { CURRENCIES } from '../money';
import { REGION_IDS } from '../regions';
import { addressParts } from './address';
import {
  clientTimestamp,
  emailField,
  idField,
  optionalPhone,
  optionalText,
  phoneField,
  PRIORITIES,
  requiredText,
  VEHICLE_TYPES,
} from './fields';
import { byKey } from '../i18n/message';

/** Admin "Add Company" form (spec section 3). */
export const companyInput = z.object({
  name: requiredText('errors.companyNameRequired', 160),
  email: emailField(),
  phone: optionalPhone(),
  address: optionalText(300),
  contactPerson: optionalText(120),
  region: z.enum(REGION_IDS).optional().default('kuwait'),
  timestamp: clientTimestamp,
});
export type CompanyInput = z.infer<typeof companyInput>;

/** Admin "Add New Rider" form: `company` is the id of an existing company. */
export const adminRiderInput = z.object({
  name: requiredText('errors.nameRequired', 120),
  email: emailField(),
  phone: phoneField(),
  vehicleType: z.enum(VEHICLE_TYPES, byKey('errors.vehicleTypeRequired')).optional().default('motorcycle'),
  licensePlate: optionalText(30).transform((v) => v.toUpperCase()),
  company: idField.describe('company id'),
  timestamp: clientTimestamp,
});
export type AdminRiderInput = z.infer<typeof adminRiderInput>;

/** Delivery fee: a number (the form parses it, 0 if empty), never negative, at most 1000. */
export const deliveryFeeField = z
  .number(byKey('errors.deliveryFeeNumber'))
  .finite(byKey('errors.deliveryFeeNumber'))
  .min(0, byKey('errors.deliveryFeeNegative'))
  .max(1000, byKey('errors.deliveryFeeTooLarge'));

/** "Add New Order" form (spec section 3). An admin names the company; a company's own id is implied. */
export const orderInput = z.object({
  customerName: requiredText('errors.customerNameRequired', 120),
  customerPhone: phoneField('errors.customerPhoneRequired'),
  customerEmail: z.union([z.literal(''), emailField()]).optional().default(''),
  pickupAddress: requiredText('errors.pickupRequired', 300),
  deliveryAddress: requiredText('errors.deliveryAddressRequired', 300),
  /** Structured Gulf addresses (issue 8): when given, the server stores them and writes the text above from them. */
  pickupAddressParts: addressParts.optional(),
  deliveryAddressParts: addressParts.optional(),
  itemDescription: optionalText(300),
  deliveryFee: deliveryFeeField.optional().default(0),
  /** Cash to collect on delivery, in the company's currency; above 0 the order is paid in cash, else prepaid. */
  codAmount: z
    .number(byKey('errors.codNumber'))
    .finite(byKey('errors.codNumber'))
    .min(0, byKey('errors.codNegative'))
    .max(100_000, byKey('errors.codTooLarge'))
    .optional()
    .default(0),
  currency: z.enum(CURRENCIES).optional().default('KWD'),
  priority: z.enum(PRIORITIES).optional().default('normal'),
  notes: optionalText(1000),
  companyId: idField.optional(),
  timestamp: clientTimestamp,
});
export type OrderInput = z.infer<typeof orderInput>;

/** Spec section 5: the fee field is parsed to a number, 0 if empty. */
export function parseFee(raw: string): number {
  const trimmed = raw.trim();
  if (!trimmed) return 0;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : Number.NaN;
}
