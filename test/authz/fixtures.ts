import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../db/client';
import { dispatchOfferOrders, dispatchOffers, flaggedRecords, notices, webhookEndpoints } from '../../db/schema';
import type { SessionUser } from '../../src/shared/schemas/auth';
import { saveDocumentInput } from '../../src/shared/schemas/documents';
import { reportInput } from '../../src/shared/schemas/reports';
import { scopeForUser, generateReport } from '../../src/server/services/reports';
import { createApiToken, loadSessionUser, issueResetLink, issueManagerInvitation } from '../../src/server/services/identity';
import { storeCapture } from '../../src/server/services/captures';
import { submitCash, receiveHandover } from '../../src/server/services/cash';
import { captureSubmitInput } from '../../src/shared/schemas/captures';
import { inviteCompanyRider } from '../../src/server/services/directory';
import { currentDuty, endBreak, endDuty, startBreak, startDuty } from '../../src/server/services/rider';
import { saveRiderDocument, storeDocumentPhoto, viewerOf } from '../../src/server/services/compliance';
import { createTicket } from '../../src/server/services/support';
import { cachedHash, makeCompanyManager, makeOrder, makeRider, TEST_PASSWORD } from '../factories';
import { makeWorld } from '../world';
import { testEnv } from '../app';
import { and, eq, inArray } from 'drizzle-orm';
import { cashSubmissions, riders, users as usersTable } from '../../db/schema';

/** The callers of the matrix: signed out, a rider and a manager of each company, and an admin. */
export const IDENTITIES = ['anon', 'riderA', 'riderB', 'managerA', 'managerB', 'admin'] as const;
export type Identity = (typeof IDENTITIES)[number];
export type Person = Exclude<Identity, 'anon'>;

/**
 * Whose ids an input names: company A's data (A: with rider A, the rider who signs in), company A's
 * other rider (A2, no account), company B's (B), or a person's own records (user-owned rules).
 */
export type Owner = 'A' | 'A2' | 'B' | Person;

/** A real photo (an odometer from the OCR fixtures): uploads are decoded, so a header alone is refused. */
export const PNG = new Uint8Array(readFileSync(join(import.meta.dir, '../fixtures/ocr/odo-11.png')));

let seq = 0;
/** A fresh idempotency key (and unique suffix) per call. */
export const key = (prefix = 'authz') => `${prefix}-${Date.now().toString(36)}-${++seq}`;

/** Two tenants and an admin (test/world.ts), signed-in users loaded as a request would load them, and builders of owned data. */
export async function makeAuthzWorld(db: Db, capturesDir: string) {
  const w = await makeWorld(db);
  const users: Record<Person, SessionUser> = {
    riderA: (await loadSessionUser(db, w.riderA.user.id))!,
    riderB: (await loadSessionUser(db, w.riderB.user.id))!,
    managerA: (await loadSessionUser(db, w.managerA.id))!,
    managerB: (await loadSessionUser(db, w.managerB.id))!,
    admin: (await loadSessionUser(db, w.admin.id))!,
  };
  const companyOf = (o: Owner) => (o === 'B' || o === 'riderB' || o === 'managerB' ? w.companyB : w.companyA);
  const managerOf = (o: Owner) => (companyOf(o) === w.companyB ? w.managerB : w.managerA);
  /** The rider an owner stands for: A the rider who signs in, A2 the one without an account. */
  const riderOf = (o: Owner) => (o === 'A2' ? w.riderA2 : companyOf(o) === w.companyB ? w.riderB : w.riderA);
  const userOf = (o: Owner) => users[(o in users ? o : o === 'B' ? 'managerB' : 'managerA') as Person];

  return {
    w,
    users,
    companyOf,
    riderOf,
    userOf,
    /** A new rider of the owner's company, without an account: safe to suspend, edit or invite. */
    newRider: async (o: Owner) => (await makeRider(db, companyOf(o), { withUser: false })).rider,
    order: (o: Owner, over: Parameters<typeof makeOrder>[2] = {}) => makeOrder(db, companyOf(o), over),
    /** An open offer of a pending order to the owner's rider, ten minutes to answer (the doors answer at the wall clock). */
    offer: async (o: Owner) => {
      const order = await makeOrder(db, companyOf(o), { status: 'pending', dispatchState: 'offering', dispatchAttempts: 1 });
      const [offer] = await db.insert(dispatchOffers).values({ companyId: companyOf(o).id, riderId: riderOf(o).id, expiresAt: new Date(Date.now() + 600_000) }).returning();
      await db.insert(dispatchOfferOrders).values({ offerId: offer!.id, orderId: order.id });
      return offer!;
    },
    /** An order assigned to the owner's rider, ready to be picked up. */
    assignedOrder: (o: Owner) => makeOrder(db, companyOf(o), { riderId: riderOf(o).id, status: 'assigned' }),
    document: async (o: Owner) => {
      const input = saveDocumentInput.parse({ riderId: riderOf(o).id, type: 'residency', expiresOn: '2099-01-01' });
      return (await saveRiderDocument(db, { userId: managerOf(o).id, companyId: companyOf(o).id }, input)).document;
    },
    documentWithPhoto: async (o: Owner) => {
      const input = saveDocumentInput.parse({ riderId: riderOf(o).id, type: 'driving_licence', expiresOn: '2099-01-01' });
      const doc = (await saveRiderDocument(db, { userId: managerOf(o).id, companyId: companyOf(o).id }, input)).document;
      const manager = companyOf(o) === w.companyB ? users.managerB : users.managerA;
      await storeDocumentPhoto(db, viewerOf(manager), doc.id, PNG, capturesDir, manager.id);
      return doc;
    },
    /** An order the owner's rider delivered with a proof photo (issue 21, item 4). */
    deliveredWithProof: async (o: Owner) => {
      const rider = riderOf(o);
      const dataUrl = `data:image/png;base64,${Buffer.from(PNG).toString('base64')}`;
      const photo = await storeCapture(db, rider.id, captureSubmitInput.parse({ type: 'proof', image: dataUrl }), capturesDir);
      return makeOrder(db, companyOf(o), { riderId: rider.id, status: 'delivered', recipientName: 'Matrix', proofCaptureId: photo.captureId });
    },
    /** A pending hand-over of the owner's rider, with its one-time code (the cash comes from a delivered cash order). */
    handover: async (o: Owner) => {
      const rider = riderOf(o);
      await makeOrder(db, companyOf(o), { riderId: rider.id, status: 'delivered', codAmountMinor: 5000 });
      const res = await submitCash(db, rider.id, { amount: companyOf(o).currency === 'KWD' ? 5 : 50 });
      return { id: res.submissionId, code: res.code! };
    },
    /** A counted hand-over with a shortfall to resolve. */
    discrepancy: async (o: Owner) => {
      const rider = riderOf(o);
      await makeOrder(db, companyOf(o), { riderId: rider.id, status: 'delivered', codAmountMinor: 5000 });
      const res = await submitCash(db, rider.id, { amount: companyOf(o).currency === 'KWD' ? 5 : 50 });
      await db.transaction(async (tx) => {
        const s = (await tx.query.cashSubmissions.findFirst({ where: eq(cashSubmissions.id, res.submissionId) }))!;
        const r = (await tx.query.riders.findFirst({ where: and(eq(riders.id, rider.id)) }))!;
        await receiveHandover(tx, s, r, managerOf(o).id, 1000, 'code', new Date());
      });
      return res.submissionId;
    },
    notice: async (o: Owner, audience: 'company' | 'rider') => {
      const [row] = await db
        .insert(notices)
        .values({ companyId: companyOf(o).id, riderId: audience === 'rider' ? riderOf(o).id : null, audience, kind: 'hours_warning', params: { rider: riderOf(o).name }, dedupeKey: key('notice') })
        .returning();
      return row!;
    },
    webhook: async (o: Owner) => {
      const [row] = await db
        .insert(webhookEndpoints)
        .values({ companyId: companyOf(o).id, url: 'https://hooks.example.com/kwt', secret: key('secret'), events: ['order.created'] })
        .returning();
      return row!;
    },
    ticket: async (o: Owner) => createTicket(db, await scopeForUser(db, userOf(o)), { subject: 'Matrix ticket', body: 'Checking who may read this.' }),
    apiToken: async (o: Owner) => (await createApiToken(db, userOf(o).id, key('token'))).apiToken,
    report: async (o: Owner) => {
      const manager = companyOf(o) === w.companyB ? users.managerB : users.managerA;
      return generateReport(db, manager, reportInput.parse(undefined), 0.08);
    },
    /** The owner's rider on duty (and off any break), on a break, or off duty: the state a duty write needs. */
    onDuty: async (o: Owner) => {
      const duty = await currentDuty(db, riderOf(o).id);
      if (!duty) await startDuty(db, riderOf(o).id, { startOdometerKm: 1000 });
      else if (duty.onBreak) await endBreak(db, riderOf(o).id);
    },
    onBreak: async (o: Owner) => {
      const duty = await currentDuty(db, riderOf(o).id);
      if (!duty) await startDuty(db, riderOf(o).id, { startOdometerKm: 1000 });
      if (!duty?.onBreak) await startBreak(db, riderOf(o).id);
    },
    offDuty: async (o: Owner) => {
      const duty = await currentDuty(db, riderOf(o).id);
      if (duty?.onBreak) await endBreak(db, riderOf(o).id);
      if (duty) await endDuty(db, riderOf(o).id, { endOdometerKm: 1010 });
    },
    /** A new rider of the owner's company on duty: the company may end that duty once. */
    riderOnDuty: async (o: Owner) => {
      const rider = (await makeRider(db, companyOf(o), { withUser: false })).rider;
      await startDuty(db, rider.id, { startOdometerKm: 1000 });
      return rider;
    },
    /** A flagged offline record of the owner's rider (issue 20), still to review. */
    flag: async (o: Owner) => {
      const [row] = await db
        .insert(flaggedRecords)
        .values({
          companyId: companyOf(o).id,
          riderId: riderOf(o).id,
          kind: 'pin_mismatch',
          outcome: 'applied',
          request: { action: 'delivered' },
          reasonKey: 'conflict.pin.applied',
          reasonParams: {},
          idempotencyKey: key('flag'),
          recordedAt: new Date(),
          serverAt: new Date(),
        })
        .returning();
      return row!;
    },
    /** Every person's password back to the factories' one (a password change in the matrix changed it). */
    restorePasswords: async () => {
      const hash = await cachedHash(TEST_PASSWORD);
      await db.update(usersTable).set({ passwordHash: hash }).where(inArray(usersTable.id, Object.values(users).map((u) => u.id)));
    },
    /** A reset link for a new account of the owner's company (using it ends that account's sessions, no one else's). */
    resetLink: async (o: Owner) => {
      const user = await makeCompanyManager(db, companyOf(o));
      const { link } = await issueResetLink(db, w.admin.id, user.id);
      return link.slice('/reset/'.length);
    },
    /** A new manager of the owner's company who has never signed in, and their invitation token. */
    managerInvitation: async (o: Owner) => {
      const user = await makeCompanyManager(db, companyOf(o));
      const { token } = await db.transaction((tx) => issueManagerInvitation(tx, w.admin.id, user.id));
      return { userId: user.id, token };
    },
    invitation: async (o: Owner) => {
      const rider = (await makeRider(db, companyOf(o), { withUser: false })).rider;
      const res = await inviteCompanyRider(db, { origin: undefined, config: testEnv() }, managerOf(o).id, companyOf(o).id, rider.id);
      if (res.kind !== 'invitation') throw new Error('a rider without an account gets an invitation');
      return res.link.slice('/invite/'.length);
    },
  };
}
export type AuthzWorld = Awaited<ReturnType<typeof makeAuthzWorld>>;
