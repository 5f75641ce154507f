/**
 * Compliance: rider documents and their reminders, region working rules, notices, and the guards on duty and orders.
 * The public face of this folder: other folders and the doors import it only from here (test/imports.test.ts).
 */
export { assertCompany, deleteDocumentPhoto, readDocumentPhoto, storeDocumentPhoto } from './documents-photo';
export { startDocumentReminders } from './documents-reminders';
export { deleteRiderDocument, documentsOverview, riderDocumentList, saveRiderDocument } from './documents';
export { assertCanStartDuty, assertCanTakeOrder, orderBlock } from './guards';
export { companyNoticeFeed, readAllCompanyNotices, readNotice, riderNoticeFeed } from './notice-feed';
export { notify } from './notices';
export { companyRulesToday, listRegionRules, riderRulesNow, riderRulesState, updateRegionRules } from './region-rules';
