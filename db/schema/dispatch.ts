import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { DISPATCH_MODES } from '../../src/shared/schemas/dispatch';
import { VEHICLE_TYPES } from '../../src/shared/schemas/fields';
import { users } from './auth';
import { companies, riders } from './fleet';
import { orders } from './orders';
import { createdAt, id, utc } from './ids';

/** Issue 25: how a company dispatches its orders. No row means manual dispatch with the defaults. */

export const dispatchSettings = sqliteTable('dispatch_settings', {
  companyId: text('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: DISPATCH_MODES }).notNull().default('manual'),
  /** How long a rider has to answer an offer (15-600 s). */
  offerSeconds: integer('offer_seconds').notNull().default(60),
  /** Offers made for one order before it goes back to the company as "needs a rider". */
  maxAttempts: integer('max_attempts').notNull().default(5),
  /** Pickups this close (metres) may be offered together to one rider. */
  batchRadiusMeters: integer('batch_radius_meters').notNull().default(500),
  /** Time-outs in a row that pause a rider's offers until they resume. */
  timeoutsToPause: integer('timeouts_to_pause').notNull().default(3),
  /** Orders a rider may carry at once (the room in their current load). */
  maxLoad: integer('max_load').notNull().default(3),
  updatedAt: utc('updated_at'),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'expired', 'withdrawn'] as const;

/** One offer of one or more orders (a batch) to one rider. */
export const dispatchOffers = sqliteTable(
  'dispatch_offers',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    riderId: text('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('open'),
    offeredAt: createdAt(),
    expiresAt: utc('expires_at').notNull(),
    answeredAt: utc('answered_at'),
    /** Straight-line km from the rider to the first pickup when offered. */
    distanceKm: real('distance_km').notNull().default(0),
    /** The score's parts when offered (ETA to pickup, load, orders today), JSON, for the audit. */
    score: text('score', { mode: 'json' }),
  },
  (t) => [
    index('dispatch_offers_rider_idx').on(t.riderId, t.status, t.expiresAt),
    index('dispatch_offers_open_idx').on(t.status, t.expiresAt),
    index('dispatch_offers_company_idx').on(t.companyId, t.offeredAt),
  ],
);

/** The orders of an offer, in the stop order shown to the rider. */
export const dispatchOfferOrders = sqliteTable(
  'dispatch_offer_orders',
  {
    offerId: text('offer_id')
      .notNull()
      .references(() => dispatchOffers.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.orderId] }), index('dispatch_offer_orders_order_idx').on(t.orderId)],
);

/** A rider's standing with the dispatcher: time-outs in a row, and whether offers are paused. */
export const dispatchRiderState = sqliteTable('dispatch_rider_state', {
  riderId: text('rider_id')
    .primaryKey()
    .references(() => riders.id, { onDelete: 'cascade' }),
  consecutiveTimeouts: integer('consecutive_timeouts').notNull().default(0),
  pausedAt: utc('paused_at'),
});

/**
 * The travel-time model learned from a company's own pings of past deliveries: a speed per vehicle type and
 * hour of day (Gulf local hour), and a detour factor (road km over straight-line km). Rows with hour -1 hold
 * the vehicle's all-day figure used where an hour has too few samples.
 */
export const etaModel = sqliteTable(
  'eta_model',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    vehicleType: text('vehicle_type', { enum: VEHICLE_TYPES }).notNull(),
    hour: integer('hour').notNull(),
    speedKmh: real('speed_kmh').notNull(),
    detourFactor: real('detour_factor').notNull(),
    samples: integer('samples').notNull().default(0),
    updatedAt: utc('updated_at').notNull(),
  },
  (t) => [uniqueIndex('eta_model_key').on(t.companyId, t.vehicleType, t.hour)],
);
