import { and, asc, eq, isNull, like, lte, ne, notLike } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, notices, riderDocuments, riders } from '../../../../db/schema';
import { DOCUMENT_REMINDER_DAYS, DOCUMENT_TYPES } from '../../../shared/compliance/types';
import { addDays, documentStatus, documentTypesFor, idTypeFor, type SaveDocumentInput } from '../../../shared/schemas/documents';
import { REGIONS } from '../../../shared/regions';
import { notFound } from '../../errors';
import { audit } from '../../lib/audit';
import { removePhotoFile } from './documents-photo';
import { sendDocumentReminders, todayIn } from './documents-reminders';
import { msg } from '../../../shared/i18n/message';
import { actingCompany, type Actor } from '../access';

/**
 * Rider documents with expiry (issue 9). Company managers keep them for their own riders (a rider of
 * another company answers "Rider not found"); riders read their own; admins read any. Dates are
 * calendar days in the company's zone: `expiresOn` is the last valid day.
 */
type DocRow = typeof riderDocuments.$inferSelect;

/** What every door answers for one document. */
export function documentView(row: DocRow, today: string) {
  return {
    id: row.id,
    riderId: row.riderId,
    type: row.type,
    number: row.number,
    expiresOn: row.expiresOn,
    ...documentStatus(row.expiresOn, today),
    hasPhoto: row.photoPath !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type DocumentView = ReturnType<typeof documentView>;

const TYPE_ORDER = new Map(DOCUMENT_TYPES.map((type, i) => [type, i]));

/** A rider with their company's region, or null. */
async function riderWithRegion(db: Db, riderId: string, companyId?: string) {
  const [row] = await db
    .select({
      id: riders.id,
      name: riders.name,
      region: riders.region,
      status: riders.status,
      licenseNumber: riders.licenseNumber,
      companyId: riders.companyId,
      companyRegion: companies.region,
    })
    .from(riders)
    .innerJoin(companies, eq(companies.id, riders.companyId))
    .where(and(eq(riders.id, riderId), companyId ? eq(riders.companyId, companyId) : undefined));
  return row ?? null;
}

/**
 * One rider's documents: the types kept for a rider of their region (the civil ID in Kuwait, the
 * Emirates ID in the UAE) and the documents on record with their standing today.
 */
export async function riderDocumentList(db: Db, riderId: string, opts: { companyId?: string; now?: Date } = {}) {
  const now = opts.now ?? new Date();
  const rider = await riderWithRegion(db, riderId, opts.companyId);
  if (!rider) throw notFound(msg('errors.riderNotFound'));
  await sendDocumentReminders(db, now, { riderId });
  const today = todayIn(rider.companyRegion, now);
  const rows = await db.select().from(riderDocuments).where(eq(riderDocuments.riderId, riderId));
  const documents = rows.map((r) => documentView(r, today)).sort((a, b) => TYPE_ORDER.get(a.type)! - TYPE_ORDER.get(b.type)!);
  const { companyRegion, companyId: _companyId, ...who } = rider;
  // The documents a rider needs are those of the country they work in: their company's, not the region they picked.
  const workCurrency = REGIONS[companyRegion].currency;
  return { rider: { ...who, zoneRegion: companyRegion }, today, idType: idTypeFor(workCurrency), types: documentTypesFor(workCurrency), documents };
}
export type RiderDocumentList = Awaited<ReturnType<typeof riderDocumentList>>;

/** Reminders about an earlier expiry date of this document no longer apply: mark them read. */
async function retireNotices(db: Db, documentId: string, keepExpiresOn: string | null, now: Date) {
  await db
    .update(notices)
    .set({ readAt: now })
    .where(
      and(
        like(notices.dedupeKey, `doc:${documentId}:%`),
        keepExpiresOn ? notLike(notices.dedupeKey, `%:${keepExpiresOn}:%`) : undefined,
        isNull(notices.readAt),
      ),
    );
}

/** What the audit log keeps of a document: what it says and whether it has a photo (photo changes: documents-photo.ts). */
export const documentAudit = (row: DocRow | undefined | null) =>
  row ? { riderId: row.riderId, type: row.type, number: row.number, expiresOn: row.expiresOn, hasPhoto: row.photoPath !== null } : null;

/**
 * Add or update (one per rider and type) a document of one of the company's riders, audited with
 * before/after in the same transaction. A new expiry date retires the reminders about the old one;
 * reminders for the new date go out at once if due.
 */
export async function saveRiderDocument(db: Db, actor: Actor, input: SaveDocumentInput, now = new Date()) {
  const rider = await riderWithRegion(db, input.riderId, actingCompany(actor));
  if (!rider) throw notFound(msg('errors.riderNotFound'));
  const values = { number: input.number, expiresOn: input.expiresOn, updatedBy: actor.userId, updatedAt: now };
  const { row, existing } = await db.transaction(async (tx) => {
    const existing = await tx.query.riderDocuments.findFirst({ where: and(eq(riderDocuments.riderId, rider.id), eq(riderDocuments.type, input.type)) });
    const [row] = existing
      ? await tx.update(riderDocuments).set(values).where(eq(riderDocuments.id, existing.id)).returning()
      : await tx
          .insert(riderDocuments)
          .values({ riderId: rider.id, type: input.type, ...values })
          .onConflictDoUpdate({ target: [riderDocuments.riderId, riderDocuments.type], set: values })
          .returning();
    await audit(tx, { actorId: actor.userId, action: existing ? 'update' : 'create', entity: 'rider_document', entityId: row!.id, before: documentAudit(existing), after: documentAudit(row) });
    return { row: row!, existing };
  });
  if (existing && existing.expiresOn !== input.expiresOn) await retireNotices(db, existing.id, input.expiresOn, now);
  await sendDocumentReminders(db, now, { riderId: rider.id });
  return { success: true as const, document: documentView(row, todayIn(rider.companyRegion, now)) };
}

/** The company's document on record, or "Document not found" (another company's included). */
export async function companyDocument(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({ doc: riderDocuments })
    .from(riderDocuments)
    .innerJoin(riders, eq(riders.id, riderDocuments.riderId))
    .where(and(eq(riderDocuments.id, id), eq(riders.companyId, companyId)));
  if (!row) throw notFound(msg('documents.error.notFound'));
  return row.doc;
}

/** Remove a document (and its photo) of one of the company's riders; audited with what it said. */
export async function deleteRiderDocument(db: Db, actor: Actor, id: string, photoDir: string, now = new Date()) {
  const doc = await companyDocument(db, actingCompany(actor), id);
  await retireNotices(db, doc.id, null, now);
  await db.transaction(async (tx) => {
    await tx.delete(riderDocuments).where(eq(riderDocuments.id, doc.id));
    await audit(tx, { actorId: actor.userId, action: 'delete', entity: 'rider_document', entityId: doc.id, before: documentAudit(doc), after: null });
  });
  if (doc.photoPath) await removePhotoFile(photoDir, doc.photoPath);
  return { success: true as const };
}

/**
 * The company's "Expiring and expired" list: every document of its riders (inactive riders left
 * out) that has expired or expires within DOCUMENT_REMINDER_DAYS days, soonest first, and the riders
 * with no driving licence on record. Sends any reminders that are due.
 */
export async function documentsOverview(db: Db, companyId: string, now = new Date()) {
  const company = await db.query.companies.findFirst({ where: eq(companies.id, companyId), columns: { region: true } });
  if (!company) throw notFound(msg('errors.companyNotFound'));
  await sendDocumentReminders(db, now, { companyId });
  const today = todayIn(company.region, now);
  const rows = await db
    .select({ doc: riderDocuments, rider: { id: riders.id, name: riders.name, region: riders.region } })
    .from(riderDocuments)
    .innerJoin(riders, eq(riders.id, riderDocuments.riderId))
    .where(and(eq(riders.companyId, companyId), ne(riders.status, 'inactive'), lte(riderDocuments.expiresOn, addDays(today, DOCUMENT_REMINDER_DAYS))))
    .orderBy(asc(riderDocuments.expiresOn), asc(riders.name));
  const items = rows.map((r) => ({ ...documentView(r.doc, today), rider: r.rider }));
  const fleet = await db
    .select({ id: riders.id, name: riders.name, region: riders.region, licence: riderDocuments.id })
    .from(riders)
    .leftJoin(riderDocuments, and(eq(riderDocuments.riderId, riders.id), eq(riderDocuments.type, 'driving_licence')))
    .where(and(eq(riders.companyId, companyId), ne(riders.status, 'inactive')))
    .orderBy(asc(riders.name));
  return {
    today,
    items,
    expired: items.filter((i) => i.status === 'expired').length,
    expiring: items.filter((i) => i.status === 'expiring').length,
    missingLicence: fleet.filter((r) => r.licence === null).map(({ licence: _l, ...r }) => r),
  };
}
