import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CURRENCIES } from '../../src/shared/money';
import { REGION_IDS } from '../../src/shared/regions';
import { VEHICLE_TYPES } from '../../src/shared/schemas/fields';
import { RIDER_STATUSES } from '../../src/shared/schemas/oversight';
import { users } from './auth';
import { createdAt, id, utc } from './ids';


export const companies = sqliteTable('companies', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  address: text('address').notNull().default(''),
  contactPerson: text('contact_person').notNull().default(''),
  region: text('region', { enum: REGION_IDS }).notNull().default('kuwait'),
  currency: text('currency', { enum: CURRENCIES }).notNull().default('KWD'),
  sheetId: text('sheet_id'),
  /** The company's own spreadsheet link (Company Data button). */
  sheetUrl: text('sheet_url'),
  /**
   * The company's weekend (issue 8): 'fri-sat' (Kuwait, the default there) or 'sat-sun' (UAE
   * government; private companies choose). Null: the region's default.
   */
  weekend: text('weekend', { enum: ['fri-sat', 'sat-sun'] }),
  /**
   * Cash a rider may hold (issue 9), minor units of the company's currency, and for how long
   * (hours since the oldest cash not yet handed over). Null: the defaults in src/shared/cash/limits.ts.
   */
  cashLimitMinor: integer('cash_limit_minor'),
  cashHoldHours: integer('cash_hold_hours'),
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  createdAt: createdAt(),
});

/** A company manager's account belongs to exactly one company. */
export const companyMembers = sqliteTable(
  'company_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [index('company_members_company_idx').on(t.companyId)],
);

export const riders = sqliteTable(
  'riders',
  {
    id: id(),
    userId: text('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    phone: text('phone').notNull(),
    vehicleType: text('vehicle_type', { enum: VEHICLE_TYPES }).notNull().default('motorcycle'),
    licenseNumber: text('license_number').notNull().default(''),
    status: text('status', { enum: RIDER_STATUSES }).notNull().default('active'),
    region: text('region', { enum: CURRENCIES }).notNull().default('KWD'),
    onDuty: integer('on_duty', { mode: 'boolean' }).notNull().default(false),
    lastLat: real('last_lat'),
    lastLng: real('last_lng'),
    lastSeenAt: utc('last_seen_at'),
    /** The phone's time of lastLat/lastLng (a ping's fix). last_seen_at is any sighting (duty start too): a fix is judged against this, not that. */
    positionAt: utc('position_at'),
    createdAt: createdAt(),
  },
  (t) => [index('riders_company_idx').on(t.companyId, t.status), index('riders_duty_idx').on(t.onDuty, t.lastSeenAt)],
);
