/**
 * Routing (issue 25): travel times, the learned ETA model, the stop order of a rider's orders and their ETAs.
 * The public face of this folder: other folders and the doors import it only from here (test/imports.test.ts).
 */
export { etaRefresher, EtaRefresher, REFRESH_MS } from './eta-refresh';
export { ETA_WEBHOOK_MIN, replanRider, updateEtasOf, updateRiderEtas, type EtaChange } from './etas';
export { gulfHour, learnTravelModel, LEARN_WINDOW_DAYS, loadTravelModel, relearnStaleModels } from './learn';
export { orderStops, plannedStopNumbers, SERVICE_MIN, type OrderOnRoute } from './order-stops';
export { EXACT_MAX_STOPS, planRoute, type RouteInput, type RoutePlan, type RouteStop } from './plan-route';
export { DEFAULT_TRAVEL_MODEL, travelMinutes, type TravelModel, type VehicleType } from './travel';
