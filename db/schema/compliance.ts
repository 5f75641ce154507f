import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { DOCUMENT_TYPES, NOTICE_AUDIENCES, NOTICE_KINDS } from '../../src/shared/compliance/types';
import { REGION_IDS } from '../../src/shared/regions';
import { users } from './auth';
import { companies, riders } from './fleet';
import { createdAt, id, utc } from './ids';

/** A rider's document with its expiry (issue 9): one per type; an optional photo stored like captures. */
export const riderDocuments = sqliteTable(
  'rider_documents',
  {
    id: id(),
    riderId: text('rider_id')
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    type: text('type', { enum: DOCUMENT_TYPES }).notNull(),
    number: text('number').notNull().default(''),
    /** Calendar date YYYY-MM-DD (last valid day, in the company's zone). */
    expiresOn: text('expires_on').notNull(),
    /** Relative path of the photo under the data directory (see capture-store.ts), or null. */
    photoPath: text('photo_path'),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: utc('updated_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('rider_documents_type_uq').on(t.riderId, t.type), index('rider_documents_expiry_idx').on(t.expiresOn)],
);

/**
 * Notices to a company's managers or to one rider: cash limit reached, documents expiring, hours.
 * `dedupeKey` makes a notice idempotent (e.g. 'doc:<id>:expiring:<expiresOn>').
 */
export const notices = sqliteTable(
  'notices',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    riderId: text('rider_id').references(() => riders.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: NOTICE_AUDIENCES }).notNull(),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    /** Parameters for the catalog text of the kind (names, amounts, dates). */
    params: text('params', { mode: 'json' }).$type<Record<string, string | number>>().notNull(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    emailedAt: utc('emailed_at'),
    readAt: utc('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notices_company_idx').on(t.companyId, t.audience, t.createdAt), index('notices_rider_idx').on(t.riderId, t.createdAt)],
);

/**
 * Working rules per region (issue 9), each on by default; dates and hours in docs/compliance.md.
 * One row per region (seeded by the migration); admins change them.
 */
export const regionRules = sqliteTable('region_rules', {
  region: text('region', { enum: REGION_IDS }).primaryKey(),
  /** Kuwait: no motorcycle deliveries at midday, June–August. */
  summerMotorcycleBan: integer('summer_motorcycle_ban', { mode: 'boolean' }).notNull().default(true),
  /** UAE: the summer midday break, mid-June to mid-September. */
  summerMiddayBreak: integer('summer_midday_break', { mode: 'boolean' }).notNull().default(true),
  /** A pause around iftar during Ramadan. */
  iftarPause: integer('iftar_pause', { mode: 'boolean' }).notNull().default(true),
  /** Maximum working hours a day, and how long before it the rider and company are warned. */
  maxDailyHours: real('max_daily_hours').notNull().default(10),
  warnBeforeMinutes: integer('warn_before_minutes').notNull().default(30),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: utc('updated_at'),
});
