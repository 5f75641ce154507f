import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CURRENCIES } from '../../src/shared/money';
import { CAPTURE_TYPES_LIST } from '../../src/shared/schemas/capture-types';
import { DISCREPANCY_RESOLUTIONS, HANDOVER_CHANNELS, HANDOVER_STATUSES, RECEIPT_METHODS } from '../../src/shared/cash/ledger-types';
import { riders } from './fleet';
import { createdAt, id, utc } from './ids';

export const dutyShifts = sqliteTable(
  'duty_shifts',
  {
    id: id(),
    riderId: text('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    startedAt: utc('started_at').notNull(),
    endedAt: utc('ended_at'),
    startOdometerKm: integer('start_odometer_km'),
    endOdometerKm: integer('end_odometer_km'),
    startCaptureId: text('start_capture_id'),
    endCaptureId: text('end_capture_id'),
    /** Who ended it: the rider (their end reading) or the company (a manager, no reading). Null before issue 20. */
    endedBy: text('ended_by', { enum: ['rider', 'company'] }),
  },
  (t) => [index('duty_shifts_rider_idx').on(t.riderId, t.startedAt)],
);

export const dutyBreaks = sqliteTable(
  'duty_breaks',
  {
    id: id(),
    shiftId: text('shift_id')
      .notNull()
      .references(() => dutyShifts.id, { onDelete: 'cascade' }),
    startedAt: utc('started_at').notNull(),
    endedAt: utc('ended_at'),
  },
  (t) => [index('duty_breaks_shift_idx').on(t.shiftId)],
);

/** A ping's columns, in location_pings and in the surge inbox (ping_inbox) alike. */
const pingColumns = () => ({
  riderId: text('rider_id')
    .notNull()
    .references(() => riders.id, { onDelete: 'cascade' }),
  lat: real('lat').notNull(),
  lng: real('lng').notNull(),
  accuracyM: real('accuracy_m'),
  recordedAt: utc('recorded_at').notNull(),
  receivedAt: createdAt(),
});

export const locationPings = sqliteTable(
  'location_pings',
  { id: integer('id').primaryKey({ autoIncrement: true }), ...pingColumns() },
  // Covering (issue 10): a rider's track of the day is one index range, not a row lookup per ping.
  (t) => [index('location_pings_rider_idx').on(t.riderId, t.recordedAt, t.lat, t.lng)],
);

/**
 * Pings taken in a surge (issue 10), before they reach location_pings: an append to this small table
 * touches a page or two per batch, where an insert into the big covering index of location_pings and
 * the rider's last position touch a random page each. Committed here, a ping is acknowledged and
 * stored; src/server/services/location/ping-inbox.ts moves them on, sorted by rider, when the writer is free.
 * No index but the rowid: a replay (same rider, same phone time) is recognised when it is moved on, not
 * when it arrives, so an append dirties no random page (an index here cost two per ping, in and out). Deleting
 * a rider reads the whole inbox once (its ON DELETE CASCADE has no index to use): the inbox is small by design.
 */
export const pingInbox = sqliteTable('ping_inbox', {
  id: integer('id').primaryKey(),
  ...pingColumns(),
  /** Recognise a replay by rider and phone time (the rider app's pings carry the phone's time). Off by default: a
   * row from before this column (migration 0012) is never taken for a replay, so never dropped. */
  byPhoneTime: integer('by_phone_time', { mode: 'boolean' }).notNull().default(false),
});

export { CAPTURE_TYPES_LIST as CAPTURE_TYPES } from '../../src/shared/schemas/capture-types';

/** A scan taken by a rider, with what OCR read from it. */
export const captures = sqliteTable(
  'captures',
  {
    id: id(),
    riderId: text('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    type: text('type', { enum: CAPTURE_TYPES_LIST }).notNull(),
    imagePath: text('image_path'),
    ocrText: text('ocr_text'),
    ocrConfidence: real('ocr_confidence'),
    valueMinor: integer('value_minor'),
    valueKm: integer('value_km'),
    currency: text('currency', { enum: CURRENCIES }),
    /** The rider changed the value OCR read before confirming it (null: no reading was confirmed). */
    readingCorrected: integer('reading_corrected', { mode: 'boolean' }),
    lat: real('lat'),
    lng: real('lng'),
    accuracyM: real('accuracy_m'),
    capturedAt: utc('captured_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('captures_rider_idx').on(t.riderId, t.capturedAt)],
);

export { HANDOVER_STATUSES as CASH_SUBMISSION_STATUSES } from '../../src/shared/cash/ledger-types';

export const cashSubmissions = sqliteTable(
  'cash_submissions',
  {
    id: id(),
    riderId: text('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    status: text('status', { enum: HANDOVER_STATUSES }).notNull().default('pending'),
    /** Handed to the company, or paid into its bank (the slip is then a deposit slip). */
    channel: text('channel', { enum: HANDOVER_CHANNELS }).notNull().default('handover'),
    /** The one-time code the rider's app shows (as digits and inside the QR code): a SHA-256 hex, never the code. */
    codeHash: text('code_hash'),
    codeExpiresAt: utc('code_expires_at'),
    /** Wrong codes typed for this hand-over; locked after 5. */
    codeAttempts: integer('code_attempts').notNull().default(0),
    /** What the company counted, who counted it, when and how it verified the hand-over. */
    countedMinor: integer('counted_minor'),
    receivedBy: text('received_by'),
    receivedAt: utc('received_at'),
    receiptMethod: text('receipt_method', { enum: RECEIPT_METHODS }),
    /** amount − counted (positive: short); null until counted. */
    discrepancyMinor: integer('discrepancy_minor'),
    resolution: text('resolution', { enum: DISCREPANCY_RESOLUTIONS }),
    resolutionNote: text('resolution_note'),
    resolvedBy: text('resolved_by'),
    resolvedAt: utc('resolved_at'),
    /** The scanned cash slip (a `cash` capture) whose amount the reviewer compares with amount_minor. */
    slipCaptureId: text('slip_capture_id').references(() => captures.id, { onDelete: 'set null' }),
    submittedAt: createdAt(),
    confirmedAt: utc('confirmed_at'),
  },
  (t) => [index('cash_submissions_rider_idx').on(t.riderId, t.status)],
);

export const performanceSnapshots = sqliteTable(
  'performance_snapshots',
  {
    id: id(),
    riderId: text('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    ordersCompleted: integer('orders_completed').notNull(),
    ordersPerHour: real('orders_per_hour').notNull(),
    totalDistanceKm: real('total_distance_km').notNull(),
    averageOrderTimeMin: real('average_order_time_min').notNull(),
    cashCollectedMinor: integer('cash_collected_minor').notNull(),
    efficiency: real('efficiency').notNull(),
    workingHours: real('working_hours').notNull(),
    syncType: text('sync_type', { enum: ['auto', 'manual'] }).notNull(),
    recordedAt: utc('recorded_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('performance_rider_idx').on(t.riderId, t.recordedAt)],
);
