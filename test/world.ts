import type { Db } from '../db/client';
import { freshDb } from './db';
import { makeCompany, makeCompanyManager, makeRider, makeUser } from './factories';

/**
 * Two tenants side by side: company A (Kuwait, KWD) and company B (UAE, AED),
 * each with a manager, a rider who can sign in and a rider without an account;
 * plus an admin. Tests use it to prove the walls between them.
 */
export async function makeWorld(db: Db) {
  const companyA = await makeCompany(db, { name: 'Alpha Couriers', currency: 'KWD', region: 'kuwait' });
  const companyB = await makeCompany(db, { name: 'Beta Express', currency: 'AED', region: 'uae' });
  const admin = await makeUser(db, { email: 'admin@kwtdelivery.com', firstName: 'Ada', role: 'admin' });
  const managerA = await makeCompanyManager(db, companyA, { email: 'manager@alpha.example', firstName: 'Mona' });
  const managerB = await makeCompanyManager(db, companyB, { email: 'manager@beta.example', firstName: 'Badr' });
  const riderA = await makeRider(db, companyA, { name: 'Rami Alpha', userOver: { email: 'rider.a@example.com', firstName: 'Rami' } });
  const riderB = await makeRider(db, companyB, { name: 'Rashed Beta', userOver: { email: 'rider.b@example.com', firstName: 'Rashed' } });
  const riderA2 = await makeRider(db, companyA, { name: 'Aziz Alpha', withUser: false });
  const riderB2 = await makeRider(db, companyB, { name: 'Bashir Beta', withUser: false });
  return {
    companyA,
    companyB,
    admin,
    managerA,
    managerB,
    riderA: { ...riderA.rider, user: riderA.user! },
    riderB: { ...riderB.rider, user: riderB.user! },
    riderA2: riderA2.rider,
    riderB2: riderB2.rider,
  };
}
export type World = Awaited<ReturnType<typeof makeWorld>>;

/** A test file's own fresh database holding the world: `const { db, w } = await freshWorld();` at the top of the file. */
export async function freshWorld() {
  const db = await freshDb();
  return { db, w: await makeWorld(db) };
}
