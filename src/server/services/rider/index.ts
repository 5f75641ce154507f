/**
 * Rider: duty (shifts, breaks), the rider's day (cash on hand), route, region and settings, and the conflicts of offline writes.
 * The public face of this folder: other folders and the doors import it only from here (test/imports.test.ts).
 */
export { companyTime, fileFlag, listFlags, markFlagReviewed } from './conflicts/flags';
export type { Flag, FlagContext } from './conflicts/flags';
export { onceFlagged } from './conflicts/once';
export { orderRequest, resolveOrderConflict } from './conflicts/orders';
export { isReplay } from './conflicts/replay';
export { endDutyByCompany } from './duty-company';
export { MAX_DUTY_EVENT_AGE_HOURS, currentDuty, endBreak, endDuty, endedByCompany, eventTime, startBreak, startDuty } from './duty';
export { cashPosition, kmToday, riderDashboard, trackingToday } from './rider-day';
export { cashCurrencyOf, cashOperationCurrency, currencyList, riderCash, riderWorkplace } from './rider-region';
export { shiftsBetween } from './rider-route';
export { setRiderRegion, syncPerformance } from './rider-settings';
