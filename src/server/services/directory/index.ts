/**
 * Directory: companies and their riders and managers, as admins and companies list, add and open them.
 * The public face of this folder: other folders and the doors import it only from here (test/imports.test.ts).
 */
export { createCompany, createOrder, createRiderByAdmin, orderValues } from './admin-create';
export type { OrderExtras } from './admin-create';
export { listCompaniesPaged, listRidersPaged, setCompanyActive, setRiderActive, updateCompany, updateRider } from './admin-directory';
export { listCompanies } from './companies';
export { acceptRiderInvitation, addCompanyRider, inviteCompanyRider, setCompanyRiderStatus, updateCompanyRider } from './company-fleet';
export { addCompanyManager, reissueManagerInvitation, setManagerSuspended } from './company-managers';
export type { InviteDoor } from './company-managers';
export { companyOverview, companyProfile, setCompanyWeekend } from './company-overview';
export { findRider, listCompanyRiders } from './company-riders';
export { riderDayFor, searchRiders } from './rider-pick';
export { companyRidersNow } from './rider-load';
