import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { LEDGER_ACCOUNTS, LEDGER_KINDS } from '../../src/shared/cash/ledger-types';
import { CURRENCIES } from '../../src/shared/money';
import { users } from './auth';
import { companies, riders } from './fleet';
import { utc } from './ids';

/**
 * The append-only cash ledger (issue 9). One row per entry; the entries of one journal sum to zero.
 * Database triggers (migration 0008) refuse UPDATE and DELETE. Balances are always sums of entries.
 * Riders and companies are never deleted, so the references have no cascade.
 */
export const cashLedger = sqliteTable(
  'cash_ledger',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    journalId: text('journal_id').notNull(),
    riderId: text('rider_id')
      .notNull()
      .references(() => riders.id),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** The delivered order a collection (or its reversal) belongs to. */
    orderId: text('order_id'),
    /** The cash submission a hand-over journal belongs to. */
    submissionId: text('submission_id'),
    /** Who posted it (null: the system, e.g. a collection on delivery). */
    actorId: text('actor_id').references(() => users.id),
    /** Why (corrections and resolutions). */
    reason: text('reason'),
    at: utc('at').notNull(),
  },
  (t) => [
    index('cash_ledger_rider_idx').on(t.riderId, t.currency, t.account),
    index('cash_ledger_company_idx').on(t.companyId, t.at),
    index('cash_ledger_journal_idx').on(t.journalId),
    index('cash_ledger_submission_idx').on(t.submissionId),
    // One collection per order and account: a replayed delivery cannot collect twice.
    uniqueIndex('cash_ledger_collection_uq').on(t.orderId, t.account).where(sql`kind = 'collection'`),
  ],
);
