export { DEFAULT_TRAVEL_MODEL, travelMinutes, type TravelModel, type VehicleType } from './travel';
