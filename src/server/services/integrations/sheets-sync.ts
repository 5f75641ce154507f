import { and, asc, desc, eq, gt, gte, lte, or, type SQL } from 'drizzle-orm';
import { alias, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../../db/client';
import { companies, orders, riders, syncRuns } from '../../../../db/schema';
import { toDecimalString } from '../../../shared/money';
import { REGIONS, regionOfCurrency } from '../../../shared/regions';
import { localIso } from '../../../shared/time';
import { DomainError } from '../../errors';
import { type SheetsTarget } from '../../google/sheets-client';
import { audit } from '../../lib/audit';
import { msg, readStoredMessage, storedMessage } from '../../../shared/i18n/message';

/** The Sheets API takes large requests, but 5,000 rows keeps each one far below its 10 MB payload limit. */
export const MAX_ROWS_PER_REQUEST = 5000;
/** A 'running' run older than this is taken as abandoned (the process died mid-sync). */
const STALE_RUN_MS = 15 * 60 * 1000;

type Cell = string | number | boolean;
type Row = Cell[];
type Cursor = { createdAt: Date; id: string };
export type SyncCounts = { companies: number; riders: number; orders: number };

/** Local time with its offset in the row's zone (issue 21, item 5): a sheet mixing Kuwait and Dubai says which is which. */
const local = (d: Date | null, timeZone: string) => (d ? localIso(d, timeZone) : '');

/** Rows created up to the run's start, oldest first, keyset-paged so no query loads a whole table. */
function upTo(createdAt: AnySQLiteColumn, id: AnySQLiteColumn, cutoff: Date, after: Cursor | null): SQL | undefined {
  const created = lte(createdAt, cutoff);
  if (!after) return created;
  return and(created, or(gt(createdAt, after.createdAt), and(eq(createdAt, after.createdAt), gt(id, after.id))));
}

interface Tab {
  title: string;
  key: keyof SyncCounts;
  header: string[];
  count: (db: Db, cutoff: Date) => Promise<number>;
  page: (db: Db, cutoff: Date, after: Cursor | null) => Promise<{ rows: Row[]; last: Cursor | null }>;
}

const lastOf = <T extends Cursor>(items: T[]) => (items.length ? { createdAt: items.at(-1)!.createdAt, id: items.at(-1)!.id } : null);

const TABS: Tab[] = [
  {
    title: 'Companies',
    key: 'companies',
    header: ['ID', 'Name', 'Email', 'Phone', 'Address', 'Contact Person', 'Region', 'Currency', 'Active', 'Created At', 'Time Zone'],
    count: (db, cutoff) => db.$count(companies, lte(companies.createdAt, cutoff)),
    page: async (db, cutoff, after) => {
      const items = await db.select().from(companies).where(upTo(companies.createdAt, companies.id, cutoff, after))
        .orderBy(asc(companies.createdAt), asc(companies.id)).limit(MAX_ROWS_PER_REQUEST);
      const rows = items.map((c) => {
        const zone = REGIONS[c.region].timezone;
        return [c.id, c.name, c.email, c.phone, c.address, c.contactPerson, c.region, c.currency, c.active, local(c.createdAt, zone), zone];
      });
      return { rows, last: lastOf(items) };
    },
  },
  {
    title: 'Riders',
    key: 'riders',
    header: ['ID', 'Name', 'Email', 'Phone', 'Company ID', 'Company', 'Vehicle Type', 'License Number', 'Status', 'Currency', 'On Duty', 'Last Seen At', 'Created At', 'Time Zone'],
    count: (db, cutoff) => db.$count(riders, lte(riders.createdAt, cutoff)),
    page: async (db, cutoff, after) => {
      const items = await db.select({ r: riders, company: companies.name, region: companies.region }).from(riders)
        .innerJoin(companies, eq(companies.id, riders.companyId))
        .where(upTo(riders.createdAt, riders.id, cutoff, after))
        .orderBy(asc(riders.createdAt), asc(riders.id)).limit(MAX_ROWS_PER_REQUEST);
      const rows = items.map(({ r, company, region }) => {
        const zone = REGIONS[region].timezone;
        return [r.id, r.name, r.email, r.phone, r.companyId, company, r.vehicleType, r.licenseNumber, r.status, r.region, r.onDuty, local(r.lastSeenAt, zone), local(r.createdAt, zone), zone];
      });
      return { rows, last: lastOf(items.map((i) => i.r)) };
    },
  },
  {
    title: 'Orders',
    key: 'orders',
    header: [
      'ID', 'Company ID', 'Company', 'Rider ID', 'Rider', 'Customer Name', 'Customer Phone', 'Customer Email', 'Pickup Address', 'Delivery Address',
      'Item', 'Delivery Fee', 'COD Amount', 'Currency', 'Payment Method', 'Priority', 'Status', 'Created At', 'Delivered At', 'Updated At', 'Time Zone',
    ],
    count: (db, cutoff) => db.$count(orders, lte(orders.createdAt, cutoff)),
    page: async (db, cutoff, after) => {
      const rider = alias(riders, 'rider');
      const items = await db.select({ o: orders, company: companies.name, rider: rider.name }).from(orders)
        .innerJoin(companies, eq(companies.id, orders.companyId))
        .leftJoin(rider, eq(rider.id, orders.riderId))
        .where(upTo(orders.createdAt, orders.id, cutoff, after))
        .orderBy(asc(orders.createdAt), asc(orders.id)).limit(MAX_ROWS_PER_REQUEST);
      const rows = items.map(({ o, company, rider: riderName }) => {
        const zone = regionOfCurrency(o.currency).timezone;
        return [
          o.id, o.companyId, company, o.riderId ?? '', riderName ?? '', o.customerName, o.customerPhone, o.customerEmail, o.pickupAddress, o.deliveryAddress,
          o.itemDescription, toDecimalString(o.deliveryFeeMinor, o.currency), toDecimalString(o.codAmountMinor, o.currency), o.currency, o.paymentMethod,
          o.priority, o.status, local(o.createdAt, zone), local(o.deliveredAt, zone), local(o.updatedAt, zone), zone,
        ];
      });
      return { rows, last: lastOf(items.map((i) => i.o)) };
    },
  },
];

/** Every call to Google goes through here: a failure or a timeout becomes a clear 502. */
async function google<T>(target: SheetsTarget, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const e = err as { status?: number; code?: unknown; name?: string; message?: string; cause?: { name?: string } };
    const timedOut = e.code === 'TimeoutError' || e.name === 'TimeoutError' || e.cause?.name === 'TimeoutError';
    const reason = timedOut
      ? `no answer within ${target.timeoutMs} ms`
      : e.status
        ? `HTTP ${e.status}${e.message ? ` ${e.message}` : ''}`
        : (e.message ?? String(err));
    throw new DomainError('BAD_GATEWAY', msg('errors.sheetsNoAnswer', { reason }));
  }
}

const a1 = (title: string) => `'${title}'`;

/** Create the missing tabs and grow existing ones so every row fits (values.update does not add rows). */
async function prepareTabs(target: SheetsTarget, need: Map<Tab, number>): Promise<string[]> {
  const { api, spreadsheetId } = target;
  const { data } = await google(target, () =>
    api.spreadsheets.get({ spreadsheetId, fields: 'sheets.properties(sheetId,title,gridProperties(rowCount,columnCount))' }),
  );
  const existing = new Map((data.sheets ?? []).map((s) => [s.properties?.title, s.properties]));
  const requests: object[] = [];
  const created: string[] = [];
  for (const [tab, rowCount] of need) {
    const columnCount = tab.header.length;
    const props = existing.get(tab.title);
    if (!props) {
      created.push(tab.title);
      requests.push({ addSheet: { properties: { title: tab.title, gridProperties: { rowCount, columnCount, frozenRowCount: 1 } } } });
    } else if ((props.gridProperties?.rowCount ?? 0) < rowCount || (props.gridProperties?.columnCount ?? 0) < columnCount) {
      const grid = { rowCount: Math.max(rowCount, props.gridProperties?.rowCount ?? 0), columnCount: Math.max(columnCount, props.gridProperties?.columnCount ?? 0) };
      requests.push({ updateSheetProperties: { properties: { sheetId: props.sheetId, gridProperties: grid }, fields: 'gridProperties.rowCount,gridProperties.columnCount' } });
    }
  }
  if (requests.length) await google(target, () => api.spreadsheets.batchUpdate({ spreadsheetId, requestBody: { requests } }));
  return created;
}

/** Clear the tab, then write the header and the rows in requests of at most MAX_ROWS_PER_REQUEST rows. */
async function writeTab(db: Db, target: SheetsTarget, tab: Tab, cutoff: Date, planned: number): Promise<number> {
  const { api, spreadsheetId } = target;
  await google(target, () => api.spreadsheets.values.clear({ spreadsheetId, range: a1(tab.title) }));
  let buffer: Row[] = [tab.header];
  let nextRow = 1;
  let written = 0;
  const flush = async () => {
    const values = buffer;
    const range = `${a1(tab.title)}!A${nextRow}`;
    await google(target, () => api.spreadsheets.values.update({ spreadsheetId, range, valueInputOption: 'RAW', requestBody: { values } }));
    nextRow += values.length;
    buffer = [];
  };
  let after: Cursor | null = null;
  // Stop at the planned count: the grid was sized for it, and later rows wait for the next run.
  while (written < planned) {
    const page = await tab.page(db, cutoff, after);
    for (const row of page.rows.slice(0, planned - written)) {
      buffer.push(row);
      written++;
      if (buffer.length === MAX_ROWS_PER_REQUEST) await flush();
    }
    if (!page.last || page.rows.length < MAX_ROWS_PER_REQUEST) break;
    after = page.last;
  }
  if (buffer.length) await flush();
  return written;
}

type RunRow = typeof syncRuns.$inferSelect;
export type SyncRunView = ReturnType<typeof view>;

function view(run: RunRow) {
  return {
    id: run.id,
    status: run.status,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt ? run.finishedAt.toISOString() : null,
    counts: (run.detail as SyncCounts | null) ?? null,
    error: run.error === null ? null : readStoredMessage(run.error),
  };
}

/**
 * Replace the Companies, Riders and Orders tabs with the database's current rows.
 * Each run is recorded in sync_runs (running → success | error); a success is audited.
 */
export async function syncToSheets(db: Db, target: SheetsTarget | null, actorId: string | null) {
  if (!target) throw new DomainError('SERVICE_UNAVAILABLE', msg('admin.sync.notConfigured'));
  const startedAt = new Date();
  const [busy] = await db.select({ id: syncRuns.id }).from(syncRuns)
    .where(and(eq(syncRuns.kind, 'sheets'), eq(syncRuns.status, 'running'), gte(syncRuns.startedAt, new Date(startedAt.getTime() - STALE_RUN_MS))))
    .limit(1);
  if (busy) throw new DomainError('CONFLICT', msg('errors.sheetsBusy'));
  const [run] = await db.insert(syncRuns).values({ kind: 'sheets', status: 'running', actorId, startedAt }).returning();
  try {
    const need = new Map<Tab, number>();
    for (const tab of TABS) need.set(tab, await tab.count(db, startedAt));
    const createdTabs = await prepareTabs(target, new Map([...need].map(([tab, n]) => [tab, n + 1])));
    const counts: SyncCounts = { companies: 0, riders: 0, orders: 0 };
    for (const tab of TABS) counts[tab.key] = await writeTab(db, target, tab, startedAt, need.get(tab)!);
    const [done] = await db.update(syncRuns).set({ status: 'success', finishedAt: new Date(), detail: counts })
      .where(eq(syncRuns.id, run!.id)).returning();
    await audit(db, { actorId, action: 'sync', entity: 'sheets', entityId: run!.id, after: counts });
    return { ...view(done!), counts, createdTabs };
  } catch (err) {
    // A domain error is kept by key (read back in the reader's language); anything else as its text.
    const message = err instanceof DomainError ? storedMessage(err.text) : err instanceof Error ? err.message : String(err);
    await db.update(syncRuns).set({ status: 'error', finishedAt: new Date(), error: message }).where(eq(syncRuns.id, run!.id));
    throw err;
  }
}

/** The latest run (whatever its outcome) and the latest successful one. */
export async function lastSheetsSync(db: Db) {
  const latestOf = (where: SQL | undefined) =>
    db.select().from(syncRuns).where(where).orderBy(desc(syncRuns.startedAt)).limit(1).then(([r]) => (r ? view(r) : null));
  const [latest, lastSuccess] = await Promise.all([
    latestOf(eq(syncRuns.kind, 'sheets')),
    latestOf(and(eq(syncRuns.kind, 'sheets'), eq(syncRuns.status, 'success'))),
  ]);
  return { latest, lastSuccess };
}
