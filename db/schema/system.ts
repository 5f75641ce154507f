import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { createdAt, id, utc } from './ids';

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: id(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    detail: text('detail', { mode: 'json' }),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId), index('audit_log_created_idx').on(t.createdAt)],
);

/** Offline replays: a write sent twice with the same key is applied once and answered the same. */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: text('response_body', { mode: 'json' }),
    createdAt: createdAt(),
    expiresAt: utc('expires_at').notNull(),
  },
  (t) => [uniqueIndex('idempotency_key_idx').on(t.userId, t.scope, t.key)],
);

export const SYNC_STATUSES = ['running', 'success', 'error'] as const;

/** One run of an external sync (Google Sheets): when, how it ended, what it wrote. */
export const syncRuns = sqliteTable(
  'sync_runs',
  {
    id: id(),
    kind: text('kind').notNull(),
    status: text('status', { enum: SYNC_STATUSES }).notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    startedAt: utc('started_at').notNull(),
    finishedAt: utc('finished_at'),
    detail: text('detail', { mode: 'json' }),
    error: text('error'),
  },
  (t) => [index('sync_runs_kind_idx').on(t.kind, t.startedAt)],
);

/** A generated report, kept so it can be downloaded again as CSV or JSON. */
export const reports = sqliteTable(
  'reports',
  {
    id: id(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    periodFrom: utc('period_from').notNull(),
    periodTo: utc('period_to').notNull(),
    data: text('data', { mode: 'json' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('reports_created_idx').on(t.createdAt)],
);

/**
 * Bearer tokens for the MCP endpoint (/mcp): created by a signed-in user, shown once, stored as a
 * SHA-256 hash, revocable. A token acts with its user's role and scope.
 */
export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The first characters, to tell tokens apart in the list. */
    prefix: text('prefix').notNull(),
    lastUsedAt: utc('last_used_at'),
    revokedAt: utc('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);
