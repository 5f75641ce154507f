/**
 * Who asks and what they may reach (issue 24): the Actor built once per request, the permissions
 * table's decision with ownership (`can`, `assertCan`), and the tenant walls every scoping service uses.
 */
export type { Actor } from '../../../shared/actor';
export { actorFor, actorOf, staffActor } from './actor';
export { companyWall, managedCompany, orderRows, OTHER_COMPANY, ownCompanyOr, ownsRider, RIDER_NOT_FOUND, riderRows, riderWall } from './walls';
