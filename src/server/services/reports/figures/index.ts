/**
 * Every figure a screen, report, export, MCP tool or the assistant shows, defined once
 * (docs/figures.md). Doors read these; none has its own formula.
 */
export { ACTIVE_WINDOW_MS, averageOrderMinutes, isActiveRider, isStale, kmOf, lastSeenOf, STALE_AFTER_MS } from '../../../../shared/figures';
export { efficiency, ordersPerHour, TARGET_ORDERS_PER_HOUR } from '../../../../shared/performance';
export { dutyMs } from '../../../../shared/rider-route';
export { activeRiderCount } from './active';
export { lastSeenDate, lastSeenMs, positionMs } from './last-seen';
export { deliveredDuringShift, orderMinutes, orderStartMs, orderTimeMs } from './order-time';
export { kmBetween, riderFigures, duringShift, type RiderFigures, type MinorBy } from './rider';
export { riderPerformanceOver, type RiderPerformanceOver } from './rider-performance';
export { revenueKwdMinor, revenueSince } from './revenue';
export { lastDays, today, type Window } from './window';
/** Cash held: the ledger's `hand` account per rider and currency (docs/cash-ledger.md). */
export { balancesOf as cashHeldByRider, riderBalances as cashHeld } from '../../cash';
