import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { companies, riders } from './fleet';
import { createdAt, id, utc } from './ids';

/** A company's HTTPS endpoint for order and rider events, signed with its secret. */
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    /** JSON array of event names the endpoint wants. */
    events: text('events', { mode: 'json' }).$type<string[]>().notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId)],
);

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'success', 'failed'] as const;

/** One event sent (or to be sent) to one endpoint, with its attempts. */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: text('payload', { mode: 'json' }).notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: utc('next_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: utc('delivered_at'),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt), index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt)],
);

/** A one-time sign-in invitation for a rider a company added; only the token's SHA-256 is kept. */
export const riderInvitations = sqliteTable(
  'rider_invitations',
  {
    id: id(),
    riderId: text('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: utc('expires_at').notNull(),
    usedAt: utc('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('rider_invitations_rider_idx').on(t.riderId)],
);
