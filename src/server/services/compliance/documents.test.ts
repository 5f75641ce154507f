import { describe, expect, test } from 'bun:test';
import { and, eq, like } from 'drizzle-orm';
import { notices, riderDocuments, riders } from '../../../../db/schema';
import { freshDb } from '../../../../test/db';
import { makeRider } from '../../../../test/factories';
import { freshWorld, makeWorld } from '../../../../test/world';
import { addDays, daysBetween, documentStatus, documentTypesFor, isCalendarDate, saveDocumentInput } from '../../../shared/schemas/documents';
import { documentsOverview, riderDocumentList, saveRiderDocument } from './documents';
import { sendDocumentReminders } from './documents-reminders';
import { staffActor } from '../access';

const { db, w } = await freshWorld();

const save = (companyId: string, riderId: string, type: 'driving_licence' | 'residency' | 'civil_id' | 'vehicle_insurance', expiresOn: string, now?: Date) =>
  saveRiderDocument(db, staffActor(w.managerA.id, companyId), saveDocumentInput.parse({ riderId, type, number: 'N-1', expiresOn }), now);

const noticesOf = (documentId: string) =>
  db
    .select({ kind: notices.kind, audience: notices.audience, params: notices.params, readAt: notices.readAt, dedupeKey: notices.dedupeKey })
    .from(notices)
    .where(like(notices.dedupeKey, `doc:${documentId}:%`))
    .orderBy(notices.dedupeKey);

describe('calendar arithmetic (shared)', () => {
  test('status: the expiry date is the last valid day; expiring from 30 days before', () => {
    expect(documentStatus('2026-05-20', '2026-04-19')).toEqual({ status: 'valid', daysLeft: 31 });
    expect(documentStatus('2026-05-20', '2026-04-20')).toEqual({ status: 'expiring', daysLeft: 30 });
    expect(documentStatus('2026-05-20', '2026-05-20')).toEqual({ status: 'expiring', daysLeft: 0 });
    expect(documentStatus('2026-05-20', '2026-05-21')).toEqual({ status: 'expired', daysLeft: -1 });
  });

  test('days across months, leap years and the year end; only real dates pass', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
    expect([isCalendarDate('2026-02-29'), isCalendarDate('2028-02-29'), isCalendarDate('2026-13-01'), isCalendarDate('26-01-01')]).toEqual([false, true, false, false]);
  });

  test('the ID card of the rider’s region comes first: civil ID in Kuwait, Emirates ID in the UAE', () => {
    expect(documentTypesFor('KWD')).toEqual(['civil_id', 'residency', 'driving_licence', 'health_certificate', 'vehicle_registration', 'vehicle_insurance']);
    expect(documentTypesFor('AED')[0]).toBe('emirates_id');
  });
});

describe('status in the company’s zone, at midnight', () => {
  test('Kuwait (UTC+3): last valid day until 20:59:59Z, expired from 21:00Z', async () => {
    const { document } = await save(w.companyA.id, w.riderA.id, 'residency', '2026-05-20', new Date('2026-05-01T00:00:00Z'));
    const before = await riderDocumentList(db, w.riderA.id, { now: new Date('2026-05-20T20:59:59Z') });
    expect(before.today).toBe('2026-05-20');
    expect(before.documents.find((d) => d.id === document.id)).toMatchObject({ status: 'expiring', daysLeft: 0 });
    const after = await riderDocumentList(db, w.riderA.id, { now: new Date('2026-05-20T21:00:00Z') });
    expect(after.documents.find((d) => d.id === document.id)).toMatchObject({ status: 'expired', daysLeft: -1 });
  });

  test('UAE (UTC+4): expired from 20:00Z', async () => {
    const { document } = await saveRiderDocument(
      db,
      staffActor(w.managerB.id, w.companyB.id),
      saveDocumentInput.parse({ riderId: w.riderB.id, type: 'emirates_id', expiresOn: '2026-05-20' }),
      new Date('2026-05-01T00:00:00Z'),
    );
    const list = async (iso: string) => (await riderDocumentList(db, w.riderB.id, { now: new Date(iso) })).documents.find((d) => d.id === document.id)!.status;
    expect(await list('2026-05-20T19:59:59Z')).toBe('expiring');
    expect(await list('2026-05-20T20:00:00Z')).toBe('expired');
    expect((await riderDocumentList(db, w.riderB.id)).idType).toBe('emirates_id');
  });
});

describe('reminders', () => {
  test('once per document and stage, to the company and the rider; a renewal starts again', async () => {
    const { rider } = await makeRider(db, w.companyA, { name: 'Nasser Alpha', withUser: false });
    const { document } = await save(w.companyA.id, rider.id, 'driving_licence', '2026-07-31', new Date('2026-06-01T09:00:00Z'));
    expect(await noticesOf(document.id)).toEqual([]);

    // 31 days before: nothing. 30 days before (Kuwait's 1 July): the reminder, once.
    expect(await sendDocumentReminders(db, new Date('2026-06-30T09:00:00Z'), { riderId: rider.id })).toBe(0);
    expect(await sendDocumentReminders(db, new Date('2026-07-01T09:00:00Z'), { riderId: rider.id })).toBe(2);
    expect(await sendDocumentReminders(db, new Date('2026-07-01T10:00:00Z'))).toBe(0);
    expect(await sendDocumentReminders(db, new Date('2026-07-31T20:00:00Z'))).toBe(0);
    // 1 August in Kuwait: expired, once.
    expect(await sendDocumentReminders(db, new Date('2026-07-31T21:00:00Z'), { companyId: w.companyA.id })).toBe(2);
    expect(await sendDocumentReminders(db, new Date('2026-08-10T09:00:00Z'))).toBe(0);
    const sent = await noticesOf(document.id);
    expect(sent.map((n) => [n.kind, n.audience])).toEqual([
      ['document_expired', 'company'],
      ['document_expired', 'rider'],
      ['document_expiring', 'company'],
      ['document_expiring', 'rider'],
    ]);
    expect(sent[0]!.params).toEqual({ rider: 'Nasser Alpha', document: 'driving_licence', date: '2026-07-31' });

    // Renewed: the old reminders are read, nothing new until 30 days before the new date.
    await save(w.companyA.id, rider.id, 'driving_licence', '2027-07-31', new Date('2026-08-11T09:00:00Z'));
    const renewed = await noticesOf(document.id);
    expect(renewed.every((n) => n.readAt !== null)).toBe(true);
    expect(await sendDocumentReminders(db, new Date('2027-06-30T09:00:00Z'))).toBe(0);
    expect(await sendDocumentReminders(db, new Date('2027-07-01T09:00:00Z'), { riderId: rider.id })).toBe(2);
    const again = await noticesOf(document.id);
    expect(again.filter((n) => n.readAt === null).map((n) => n.dedupeKey)).toEqual([
      `doc:${document.id}:expiring:2027-07-31:company`,
      `doc:${document.id}:expiring:2027-07-31:rider`,
    ]);
  });

  test('an already expired document gets only the expired notice; inactive riders none', async () => {
    const { rider } = await makeRider(db, w.companyA, { name: 'Old Alpha', withUser: false });
    const { document } = await save(w.companyA.id, rider.id, 'vehicle_insurance', '2026-01-01', new Date('2026-03-01T09:00:00Z'));
    expect((await noticesOf(document.id)).map((n) => n.kind)).toEqual(['document_expired', 'document_expired']);

    const { rider: gone } = await makeRider(db, w.companyA, { name: 'Gone Alpha', withUser: false, status: 'inactive' });
    const { document: goneDoc } = await save(w.companyA.id, gone.id, 'vehicle_insurance', '2026-01-01', new Date('2026-03-01T09:00:00Z'));
    expect(await noticesOf(goneDoc.id)).toEqual([]);
  });
});

describe('the company overview', () => {
  test('expired and expiring documents of its own riders, soonest first, and riders with no licence on record', async () => {
    const db2 = await freshDb();
    const w2 = await makeWorld(db2);
    const put = (riderId: string, type: 'driving_licence' | 'residency' | 'civil_id', expiresOn: string) =>
      saveRiderDocument(db2, staffActor(w2.managerA.id, w2.companyA.id), saveDocumentInput.parse({ riderId, type, expiresOn }), new Date('2026-05-01T09:00:00Z'));
    await put(w2.riderA.id, 'driving_licence', '2026-06-10');
    await put(w2.riderA.id, 'residency', '2026-05-10');
    await put(w2.riderA.id, 'civil_id', '2027-01-01');
    await put(w2.riderA2.id, 'residency', '2026-05-25');
    await saveRiderDocument(db2, staffActor(w2.managerB.id, w2.companyB.id), saveDocumentInput.parse({ riderId: w2.riderB.id, type: 'residency', expiresOn: '2026-05-12' }));

    const o = await documentsOverview(db2, w2.companyA.id, new Date('2026-05-20T09:00:00Z'));
    expect(o.today).toBe('2026-05-20');
    expect(o.items.map((i) => [i.rider.name, i.type, i.status, i.daysLeft])).toEqual([
      ['Rami Alpha', 'residency', 'expired', -10],
      ['Aziz Alpha', 'residency', 'expiring', 5],
      ['Rami Alpha', 'driving_licence', 'expiring', 21],
    ]);
    expect([o.expired, o.expiring]).toEqual([1, 2]);
    expect(o.missingLicence.map((r) => r.name)).toEqual(['Aziz Alpha']);
    // Saving on 1 May sent "expiring" for both residencies; reading the overview on 20 May sent the
    // rest that was due: Rami's residency expired, his licence expiring. Two audiences each.
    const sent = await db2.select({ kind: notices.kind, params: notices.params }).from(notices).where(and(eq(notices.companyId, w2.companyA.id), eq(notices.audience, 'company')));
    expect(sent.map((n) => `${n.kind} ${n.params.rider} ${n.params.document}`).sort()).toEqual([
      'document_expired Rami Alpha residency',
      'document_expiring Aziz Alpha residency',
      'document_expiring Rami Alpha driving_licence',
      'document_expiring Rami Alpha residency',
    ]);
    await db2.update(riders).set({ status: 'inactive' }).where(eq(riders.id, w2.riderA2.id));
    expect((await documentsOverview(db2, w2.companyA.id, new Date('2026-05-20T09:00:00Z'))).items.map((i) => i.rider.name)).toEqual(['Rami Alpha', 'Rami Alpha']);
  });

  test('one document per rider and type: saving again updates it', async () => {
    await save(w.companyA.id, w.riderA2.id, 'civil_id', '2030-01-01');
    await save(w.companyA.id, w.riderA2.id, 'civil_id', '2031-01-01');
    const rows = await db.select().from(riderDocuments).where(and(eq(riderDocuments.riderId, w.riderA2.id), eq(riderDocuments.type, 'civil_id')));
    expect(rows.map((r) => [r.expiresOn, r.updatedBy])).toEqual([['2031-01-01', w.managerA.id]]);
  });
});
