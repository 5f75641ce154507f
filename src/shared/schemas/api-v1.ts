import { z } from 'zod';
import { CURRENCIES, exactMinor } from '../money';
import { shopApi } from '../i18n/en/shop-api';
import { byKey, textOf } from '../i18n/message';
import { addressParts, COUNTRY_BOUNDS } from './address';
import { DISPATCH_MODES, dispatchSettingsInput, geoPoint } from './dispatch';
import { optionalText, phoneField, requiredText, VEHICLE_TYPES } from './fields';
import { ORDER_STATUSES, RIDER_STATUSES } from './oversight';

/**
 * Issue 25, item 5: the wire of the shop order API (/api/v1, docs/api.md). These schemas parse the requests
 * and are the source of the OpenAPI document (server/rest/api-v1/openapi.ts), so the two cannot drift.
 * Money is a decimal string in the order's currency: "1.250" KWD (3 decimals), "12.50" AED (2).
 */
export const API_LANGUAGES = ['ar', 'en'] as const;

const decimal = z
  .string()
  .regex(/^\d{1,6}(\.\d+)?$/, byKey('shopApi.decimalString'))
  .meta({ description: 'A decimal string in the currency: at most 3 decimals for KWD, 2 for AED; more are refused, never rounded.', examples: ['1.250'] });
const iso = z.iso.datetime({ offset: true }).meta({ description: 'ISO 8601 date and time with a zone, e.g. 2026-11-28T18:30:00+03:00' });

export const apiStop = z
  .object({
    location: geoPoint.meta({ description: 'Where the rider goes: inside the address country.' }),
    address: addressParts.meta({ description: 'The structured Gulf address (Kuwait: governorate, area, block, street, building…; UAE: emirate, area, building, Makani…).' }),
  })
  .superRefine((s, ctx) => {
    const b = COUNTRY_BOUNDS[s.address.country];
    const { lat, lng } = s.location;
    if (lat < b.minLat || lat > b.maxLat || lng < b.minLng || lng > b.maxLng) ctx.addIssue({ code: 'custom', path: ['location'], message: textOf('shopApi.outsideCountry') });
  });

const KUWAIT_PICKUP = {
  location: { lat: 29.3759, lng: 47.9774 },
  address: { country: 'KW', governorate: 'capital', area: 'sharq', block: '2', street: 'Ahmad Al Jaber St', building: '14' },
};
const KUWAIT_DROPOFF = {
  location: { lat: 29.3375, lng: 48.0289 },
  address: { country: 'KW', governorate: 'hawalli', area: 'salmiya', block: '10', street: 'Salem Al Mubarak St', building: '7', floor: '3', flat: '12' },
};

export const apiOrderCreate = z
  .strictObject({
    customer: z.strictObject({
      name: requiredText('errors.customerNameRequired', 120),
      phone: phoneField('errors.customerPhoneRequired').meta({ description: 'International form: +965… or +971…' }),
      language: z.enum(API_LANGUAGES).meta({ description: "The customer's language." }),
    }),
    pickup: apiStop,
    dropoff: apiStop,
    currency: z.enum(CURRENCIES).meta({ description: "The company's currency." }),
    fee: decimal.meta({ description: 'The delivery fee.' }),
    cashToCollect: decimal.optional().default('0').meta({ description: 'Cash the rider collects on delivery; "0" (the default) for a prepaid order.' }),
    promisedAt: iso.meta({ description: 'The delivery time promised to the customer.' }),
    autoDispatch: z.boolean().optional().meta({ description: "Offer the order to the best rider now. Default: the company's dispatch mode." }),
    items: optionalText(300).meta({ description: 'What is delivered.' }),
    notes: optionalText(1000).meta({ description: 'For the rider.' }),
  })
  .superRefine((o, ctx) => {
    for (const field of ['fee', 'cashToCollect'] as const) {
      if (exactMinor(o[field], o.currency) === null) ctx.addIssue({ code: 'custom', path: [field], message: textOf('shopApi.decimals') });
    }
  })
  .meta({
    id: 'OrderCreate',
    examples: [
      {
        customer: { name: 'Fatima Al-Sabah', phone: '+96550001234', language: 'ar' },
        pickup: KUWAIT_PICKUP,
        dropoff: KUWAIT_DROPOFF,
        currency: 'KWD',
        fee: '1.250',
        cashToCollect: '7.500',
        promisedAt: '2026-11-28T19:30:00+03:00',
        autoDispatch: true,
      },
    ],
  });
export type ApiOrderCreate = z.output<typeof apiOrderCreate>;

export const apiOrderCreated = z
  .object({ id: z.string(), status: z.enum(ORDER_STATUSES), trackingUrl: z.url() })
  .meta({ id: 'OrderCreated', examples: [{ id: 'ord_3kq9x2', status: 'pending', trackingUrl: 'https://kwt.example/track/AB12CD34EF' }] });

export const apiOffer = z.object({ riderId: z.string(), expiresAt: iso }).nullable();
export const apiEta = z.object({ pickupAt: iso.nullable(), dropoffAt: iso.nullable() }).nullable();

export const apiOrder = z
  .object({
    id: z.string(),
    status: z.enum(ORDER_STATUSES),
    dispatchState: z.enum(['offering', 'needs_rider']).nullable().meta({ description: "'offering' while offers are out, 'needs_rider' when automatic dispatch gave up." }),
    riderId: z.string().nullable(),
    offer: apiOffer.meta({ description: 'The open offer, if any.' }),
    eta: apiEta.meta({ description: 'Estimated arrival at the pickup and at the drop-off, once known.' }),
    customer: z.object({ name: z.string(), phone: z.string(), language: z.enum(API_LANGUAGES).nullable() }),
    currency: z.enum(CURRENCIES),
    fee: decimal,
    cashToCollect: decimal,
    promisedAt: iso.nullable(),
    createdAt: iso,
    trackingUrl: z.url(),
    timeline: z.array(z.object({ status: z.enum(ORDER_STATUSES), at: iso, riderId: z.string().nullable() })),
  })
  .meta({
    id: 'Order',
    examples: [
      {
        id: 'ord_3kq9x2',
        status: 'assigned',
        dispatchState: null,
        riderId: 'rdr_81hz',
        offer: null,
        eta: { pickupAt: '2026-11-28T15:42:00.000Z', dropoffAt: '2026-11-28T16:05:00.000Z' },
        customer: { name: 'Fatima Al-Sabah', phone: '+96550001234', language: 'ar' },
        currency: 'KWD',
        fee: '1.250',
        cashToCollect: '7.500',
        promisedAt: '2026-11-28T16:30:00.000Z',
        createdAt: '2026-11-28T15:30:00.000Z',
        trackingUrl: 'https://kwt.example/track/AB12CD34EF',
        timeline: [
          { status: 'pending', at: '2026-11-28T15:30:00.000Z', riderId: null },
          { status: 'assigned', at: '2026-11-28T15:31:10.000Z', riderId: 'rdr_81hz' },
        ],
      },
    ],
  });
export type ApiOrder = z.infer<typeof apiOrder>;

/** GET /api/v1/orders: query strings, so numbers are coerced. `from` inclusive, `to` exclusive, on the creation time. */
export const apiOrderListQuery = z.strictObject({
  status: z.enum(ORDER_STATUSES).optional(),
  from: iso.optional(),
  to: iso.optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(50),
});
export type ApiOrderListQuery = z.output<typeof apiOrderListQuery>;

export const apiOrderPage = z
  .object({
    items: z.array(apiOrder.omit({ offer: true, timeline: true })),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'OrderPage' });

export const apiRider = z
  .object({
    id: z.string(),
    name: z.string(),
    vehicleType: z.enum(VEHICLE_TYPES),
    status: z.enum(RIDER_STATUSES),
    duty: z.enum(['off_duty', 'on_duty', 'on_break']),
    position: geoPoint.nullable(),
    positionAgeSeconds: z.number().int().nullable().meta({ description: 'Seconds since the last known position; null when never seen.' }),
    load: z.number().int().meta({ description: 'Orders assigned or picked up now.' }),
  })
  .meta({
    id: 'Rider',
    examples: [{ id: 'rdr_81hz', name: 'Ahmed Khan', vehicleType: 'motorcycle', status: 'active', duty: 'on_duty', position: { lat: 29.37, lng: 47.98 }, positionAgeSeconds: 12, load: 1 }],
  });
export const apiRiderList = z.object({ items: z.array(apiRider) }).meta({ id: 'RiderList' });

const settingsShape = dispatchSettingsInput.shape;
/** PUT /api/v1/dispatch/settings: the four settings of the issue; the two others keep their value unless sent. */
export const apiDispatchSettingsPut = z
  .strictObject({
    mode: z.enum(DISPATCH_MODES),
    offerSeconds: settingsShape.offerSeconds.unwrap(),
    maxAttempts: settingsShape.maxAttempts.unwrap(),
    batchRadiusMeters: settingsShape.batchRadiusMeters.unwrap(),
    timeoutsToPause: settingsShape.timeoutsToPause.unwrap().optional(),
    maxLoad: settingsShape.maxLoad.unwrap().optional(),
  })
  .meta({ id: 'DispatchSettingsUpdate', examples: [{ mode: 'auto', offerSeconds: 60, maxAttempts: 5, batchRadiusMeters: 500 }] });

export const apiDispatchSettings = z
  .object({
    mode: z.enum(DISPATCH_MODES),
    offerSeconds: z.number().int(),
    maxAttempts: z.number().int(),
    batchRadiusMeters: z.number().int(),
    timeoutsToPause: z.number().int(),
    maxLoad: z.number().int(),
  })
  .meta({ id: 'DispatchSettings', examples: [{ mode: 'auto', offerSeconds: 60, maxAttempts: 5, batchRadiusMeters: 500, timeoutsToPause: 3, maxLoad: 3 }] });

export const apiError = z
  .object({ error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }) })
  .meta({ id: 'Error', examples: [{ error: { code: 'CONFLICT', message: shopApi['shopApi.keyReused'] } }] });

/** The Idempotency-Key header of POST /api/v1/orders. */
export const idempotencyKeyHeader = z.string().regex(/^[\x21-\x7e]{1,255}$/, byKey('shopApi.keyRequired'));
