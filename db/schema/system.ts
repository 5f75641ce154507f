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
