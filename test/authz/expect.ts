import { portalPermission, reachOf, type Permission, type Reach, type Role } from '../../src/shared/permissions';
import { gateAdmits, type Access, type Gate, type Ownership } from '../../src/server/trpc/access-matrix';
import type { Identity, Owner, Person } from './fixtures';

export const ROLE_OF: Record<Identity, Role | null> = {
  anon: null,
  riderA: 'rider',
  riderB: 'rider',
  managerA: 'company',
  managerB: 'company',
  admin: 'admin',
};

const TENANT: Record<Identity, 'A' | 'B' | null> = { anon: null, riderA: 'A', riderB: 'B', managerA: 'A', managerB: 'B', admin: null };
const companyOfOwner = (o: Owner): 'A' | 'B' | null => (o === 'admin' ? null : o === 'B' || o.endsWith('B') ? 'B' : 'A');

/** The owners whose ids each rule is tried with (caller: the caller's own, no foreign ids to name). */
export const OWNERS: Record<Ownership, readonly Owner[]> = {
  caller: [],
  credential: ['A', 'B'],
  scoped: ['A', 'B'],
  company: ['A', 'B'],
  rider: ['A', 'A2', 'B'],
  'rider-self': ['A', 'A2', 'B'],
  user: ['riderA', 'riderB', 'managerA', 'managerB', 'admin'],
};

/** The owner a caller-rule input is built for: the caller's own tenant. */
export const ownOwner = (id: Identity): Owner => TENANT[id] ?? 'A';

/**
 * How far `role` reaches past `gate`, from the permissions table: the reach of the permission the gate asks
 * for (a signed-in gate asks none: the reach of the role's own portal permission).
 */
function reachPast(gate: Gate, role: Role): Reach | null {
  const permission: Permission =
    gate.kind === 'can' ? gate.permission : gate.kind === 'acts-as' ? `access-${gate.portal}-portal` : portalPermission(role);
  return reachOf(role, permission);
}

/** Whether the ownership rule lets `id` name `o`'s ids, by the reach the table gives its role ('any': anyone's). */
export function ownsOrMay(access: Access, id: Person, o: Owner): boolean {
  const role = ROLE_OF[id]!;
  const tenant = TENANT[id];
  const reach = reachPast(access.gate, role);
  switch (access.owner ?? 'caller') {
    case 'caller':
    case 'credential':
    case 'scoped':
      return true;
    case 'company':
      return reach === 'any' || companyOfOwner(o) === tenant;
    case 'rider':
      if (reach === 'any') return true;
      return reach === 'own-company' ? companyOfOwner(o) === tenant : o === tenant;
    case 'rider-self':
      // Acting as a rider: only the rider itself, whoever else reaches further.
      return reach === 'own-rider' && o === tenant;
    case 'user':
      return reach === 'any' || o === id;
  }
}

export type Expected = { allow: true } | { allow: false; status: 401 | 403 | 404 };

/** The matrix's verdict for one call: `id` calling with `o`'s ids. */
export function expected(access: Access, id: Identity, o: Owner): Expected {
  const role = ROLE_OF[id];
  if (!gateAdmits(access.gate, role)) return { allow: false, status: role === null ? 401 : 403 };
  if (id === 'anon') return { allow: true };
  return ownsOrMay(access, id, o) ? { allow: true } : { allow: false, status: access.foreign ?? 404 };
}

/** Statuses that would mean a refusal where the matrix expects the call to pass. */
export function refusedStatuses(access: Access): number[] {
  const owner = access.owner ?? 'caller';
  return owner === 'caller' || (access.foreign ?? 404) === 404 ? [401, 403, 404] : [401, 403];
}
