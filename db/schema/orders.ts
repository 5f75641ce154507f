import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CURRENCIES } from '../../src/shared/money';
import { PRIORITIES, VEHICLE_TYPES } from '../../src/shared/schemas/fields';
import { ORDER_STATUSES } from '../../src/shared/schemas/oversight';
import { users } from './auth';
import { companies, riders } from './fleet';
import { createdAt, id, newDeliveryPin, newTrackingCode, utc } from './ids';

export const PAYMENT_METHODS = ['cash', 'card', 'prepaid'] as const;

export const orders = sqliteTable(
  'orders',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    riderId: text('rider_id').references(() => riders.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull().default(''),
    customerEmail: text('customer_email').notNull().default(''),
    pickupAddress: text('pickup_address').notNull(),
    deliveryAddress: text('delivery_address').notNull(),
    /**
     * The structured Gulf address behind the text (issue 8), JSON: Kuwait governorate, area, block,
     * street, building, floor, flat, PACI; UAE emirate, area, street, building, Makani; landmark and
     * pin for both. Null for an address typed as free text. `pickupAddress`/`deliveryAddress` keep
     * the one-line form every list, export and sheet uses.
     */
    pickupAddressParts: text('pickup_address_parts', { mode: 'json' }),
    deliveryAddressParts: text('delivery_address_parts', { mode: 'json' }),
    itemDescription: text('item_description').notNull().default(''),
    /** Delivery fee in minor units of `currency` (fils). */
    deliveryFeeMinor: integer('delivery_fee_minor').notNull().default(0),
    /** Cash to collect on delivery, minor units; 0 when prepaid. */
    codAmountMinor: integer('cod_amount_minor').notNull().default(0),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('KWD'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull().default('cash'),
    priority: text('priority', { enum: PRIORITIES }).notNull().default('normal'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    notes: text('notes').notNull().default(''),
    /** Unguessable code for the public tracking page /track/{code}. */
    trackingCode: text('tracking_code').unique().$defaultFn(newTrackingCode),
    /** Proof of delivery: the recipient's name, a photo (capture id) and the PIN check. */
    recipientName: text('recipient_name'),
    proofCaptureId: text('proof_capture_id'),
    /** 4-digit code the customer reads from the tracking page and tells the rider. */
    deliveryPin: text('delivery_pin').$defaultFn(newDeliveryPin),
    pinVerified: integer('pin_verified', { mode: 'boolean' }).notNull().default(false),
    failureReason: text('failure_reason'),
    /** Issue 25: where the order is picked up and dropped off (from the address pins, or given by the API). */
    pickupLat: real('pickup_lat'),
    pickupLng: real('pickup_lng'),
    dropoffLat: real('dropoff_lat'),
    dropoffLng: real('dropoff_lng'),
    /** The delivery time promised to the customer. */
    promisedAt: utc('promised_at'),
    /** The smallest vehicle the order fits on (null: any). */
    requiredVehicle: text('required_vehicle', { enum: VEHICLE_TYPES }),
    /** Issue 25: 'offering' while offers are out, 'needs_rider' when automatic dispatch gave up; null otherwise. */
    dispatchState: text('dispatch_state', { enum: ['offering', 'needs_rider'] }),
    dispatchAttempts: integer('dispatch_attempts').notNull().default(0),
    /**
     * Since when automatic dispatch owes the order an offer: set with the order (or when an offer to it closes
     * unanswered), cleared once it is offered, needs a rider or has one. The sweeper retries a dispatch left owing
     * (one that failed, or a server stopped between the order and its offer).
     */
    dispatchDueAt: utc('dispatch_due_at'),
    /** Estimated arrival at the pickup and at the drop-off, updated as the rider's pings arrive. */
    etaPickupAt: utc('eta_pickup_at'),
    etaDropoffAt: utc('eta_dropoff_at'),
    etaUpdatedAt: utc('eta_updated_at'),
    /** The client's Idempotency-Key of POST /api/v1/orders, unique per company. */
    apiIdempotencyKey: text('api_idempotency_key'),
    /** SHA-256 of the API request's canonical body under that key: the same key with another body is refused (409). */
    apiRequestHash: text('api_request_hash'),
    /** The customer's language given by the shop API ('ar' | 'en'); null for orders from the portal. */
    customerLocale: text('customer_locale', { enum: ['ar', 'en'] }),
    /** Where an order came from: 'form', 'import', 'seed'. */
    source: text('source').notNull().default('form'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    deliveredAt: utc('delivered_at'),
    updatedAt: utc('updated_at'),
  },
  (t) => [
    index('orders_created_idx').on(t.createdAt, t.status, t.currency, t.deliveryFeeMinor),
    index('orders_company_idx').on(t.companyId, t.createdAt, t.status),
    // Issue 10: a company's orders by status (active orders, the Orders tab's status filter) and a rider's deliveries of a day.
    index('orders_company_status_idx').on(t.companyId, t.status, t.createdAt),
    index('orders_rider_idx').on(t.riderId, t.createdAt, t.status),
    index('orders_rider_status_idx').on(t.riderId, t.status, t.deliveredAt),
    index('orders_delivered_idx').on(t.deliveredAt, t.status, t.currency, t.deliveryFeeMinor),
    index('orders_dispatch_idx').on(t.companyId, t.dispatchState),
    // Only the few orders owed a dispatch: the sweeper's look-up, not written for any other order.
    index('orders_dispatch_due_idx').on(t.dispatchDueAt).where(sql`dispatch_due_at IS NOT NULL`),
    uniqueIndex('orders_api_key_idx').on(t.companyId, t.apiIdempotencyKey),
  ],
);

/** Every status change of an order, with when and by whom: the order's timeline. */
export const orderStatusEvents = sqliteTable(
  'order_status_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    riderId: text('rider_id'),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: utc('at').notNull(),
  },
  (t) => [
    index('order_status_events_order_idx').on(t.orderId, t.at),
    // Issue 25: a rider's assignments since the start of the day (the dispatcher's fairness), for the riders near a pickup.
    index('order_status_events_rider_idx').on(t.riderId, t.status, t.at),
  ],
);
