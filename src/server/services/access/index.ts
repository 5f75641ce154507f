/**
 * Who asks and what they may reach (issue 24): the Actor built once per request, the permissions
 * table's decision with ownership (`can`, `assertCan`), and the tenant walls every scoping service uses,
 * following the reach the table gives (docs/decisions/015-actor-and-permissions-table.md).
 */
export type { Actor } from '../../../shared/actor';
export { actorFor, actorOf, riderActor, staffActor } from './actor';
export { actingCompany, actingPrivilege, assertCan, companyWall, denied, deniedActing, ownRecord, managedCompany, orderRows, ownCompanyOr, ownsRider, reachFor, riderReach, riderRows, riderWall } from './walls';
