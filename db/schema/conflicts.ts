import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { FLAG_KINDS, FLAG_OUTCOMES, type FlagParams, type RequestSummary } from '../../src/shared/conflicts/kinds';
import { users } from './auth';
import { companies, riders } from './fleet';
import { id, utc } from './ids';

/**
 * A rider's write recorded offline that met a changed server (issue 20): applied with a flag, or refused
 * with the reason kept, for the company to review. One row per write (its idempotency key) and kind.
 */
export const flaggedRecords = sqliteTable(
  'flagged_records',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    riderId: text('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FLAG_KINDS }).notNull(),
    outcome: text('outcome', { enum: FLAG_OUTCOMES }).notNull(),
    orderId: text('order_id'),
    /** What the rider's phone sent, in short. */
    request: text('request', { mode: 'json' }).$type<RequestSummary>().notNull(),
    /** The reason as a catalog key and its parameters (names, times in the company's zone, amounts). */
    reasonKey: text('reason_key').notNull(),
    reasonParams: text('reason_params', { mode: 'json' }).$type<FlagParams>().notNull(),
    idempotencyKey: text('idempotency_key'),
    /** When the phone recorded it (the phone's clock, from the outbox), and when the server met it. */
    recordedAt: utc('recorded_at'),
    serverAt: utc('server_at').notNull(),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: utc('reviewed_at'),
  },
  (t) => [
    uniqueIndex('flagged_records_key_uq').on(t.riderId, t.idempotencyKey, t.kind),
    index('flagged_records_company_idx').on(t.companyId, t.reviewedAt, t.serverAt),
  ],
);
