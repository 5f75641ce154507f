import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { ROLES } from '../../src/shared/permissions';
import { createdAt, id, utc } from './ids';

export const users = sqliteTable(
  'users',
  {
    id: id(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    role: text('role', { enum: ROLES }).notNull(),
    locale: text('locale').notNull().default('en'),
    googleSub: text('google_sub').unique(),
    disabled: integer('disabled', { mode: 'boolean' }).notNull().default(false),
    /** The last time a session was issued to the user (any sign-in); null: never signed in. */
    lastSignInAt: utc('last_sign_in_at'),
    createdAt: createdAt(),
  },
);

/** Only the SHA-256 of the session token is stored. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: utc('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const loginAttempts = sqliteTable(
  'login_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    /** The nonce of the device cookie this attempt presented for the account (a trusted device), else null. */
    device: text('device'),
    success: integer('success', { mode: 'boolean' }).notNull(),
    at: utc('at').notNull(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.at),
    index('login_attempts_ip_idx').on(t.ip, t.at),
    index('login_attempts_device_idx').on(t.device, t.at),
  ],
);

/**
 * One row counting changes to what a session resolves to (sessions, users, riders' and managers' company
 * links, company names), bumped by triggers (migration 0010). The in-process session cache
 * (src/server/services/identity/session-cache.ts) forgets everything when it moves, so no code path can leave a
 * signed-out, suspended or re-roled user served from memory.
 */
export const authEpoch = sqliteTable('auth_epoch', {
  id: integer('id').primaryKey(),
  value: integer('value').notNull().default(0),
});

/**
 * Admin-issued password reset links: one use, short-lived; only the SHA-256 of the token is stored
 * (src/server/services/identity/password-reset.ts).
 */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: utc('expires_at').notNull(),
    usedAt: utc('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * One-time invitations of company managers (the admin's Add Company, Add manager, re-issue): the manager
 * sets a password with it and is signed in; only the SHA-256 of the token is stored
 * (src/server/services/identity/manager-invitations.ts).
 */
export const managerInvitations = sqliteTable(
  'manager_invitations',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: utc('expires_at').notNull(),
    usedAt: utc('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('manager_invitations_user_idx').on(t.userId)],
);
