/**
 * Cash: the ledger, collections, hand-overs, limits, corrections and reconciliation.
 * The public face of this folder: other folders and the doors import it only from here (test/imports.test.ts).
 */
export { CASH_STANDING_FIGURES, cashStanding } from './cash-standing';
export type { CashStanding, CashStandingFigure, CashStandingLine } from './cash-standing';
export { listCashSubmissions, reviewCashSubmission, submitCash, submitCashOnce } from './cash-submit';
export { postCollection, reverseCollection } from './collections';
export { correctRiderCash, riderLedger, ridersCash } from './corrections';
export { heldLots } from './fifo';
export type { HandEntry } from './fifo';
export { cancelHandover, companyHandovers, confirmHandover, receiveHandover, refreshHandoverCode, resolveDiscrepancy, riderHandovers } from './handover';
export { LOT_COLUMNS, balancesOf, emptyBalances, postJournal, riderBalances } from './ledger';
export type { DbOrTx, RiderBalances } from './ledger';
export { cashLimitMessage, cashLimitState, checkCashLimit, checkCompanyCashLimits, companyCashLimits, setCompanyCashLimits } from './limits';
export type { RiderCashCheck } from './limits';
export { reconciliationFileName, reconciliationToCsv } from './reconciliation-csv';
export { dailyReconciliation } from './reconciliation';
