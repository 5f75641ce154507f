/**
 * The pure half of the figures defined in docs/figures.md: what the rider's phone must compute
 * offline and the fleet map ages every few seconds. The server computes every figure through
 * src/server/services/reports/figures/, which uses these same functions; no screen has its own formula.
 * Orders per hour and efficiency are in ../performance (the spec's formulas). One file per concern,
 * so the rider app's first load takes only the order time (bundle budget).
 */

export { ACTIVE_WINDOW_MS, isActiveRider, isStale, lastSeenOf, STALE_AFTER_MS } from './presence';
export { averageOrderMinutes, type OrderTime } from './order-time';
export { kmOf, type OdometerShift } from './km';
