import type { ServerOrder } from '../overlay';

/** A place on the rider's map: where an order is picked up or delivered, numbered as its card in the list. */
export interface MapStop {
  orderId: string;
  /** The order's place in the list, from 1. */
  n: number;
  kind: 'pickup' | 'delivery';
  lat: number;
  lng: number;
  customerName: string;
}

type StopOrder = Pick<ServerOrder, 'id' | 'status' | 'customerName' | 'pickupAddressParts' | 'deliveryAddressParts'>;

/**
 * The pins of the rider's open orders, from the orders as cached (so the map draws them offline): the pickup while
 * the order waits to be picked up, the delivery always; an address without a pin has no stop.
 */
export function orderStops(orders: readonly StopOrder[]): MapStop[] {
  const stops: MapStop[] = [];
  orders.forEach((o, i) => {
    const base = { orderId: o.id, n: i + 1, customerName: o.customerName };
    const pickup = o.pickupAddressParts?.pin;
    const delivery = o.deliveryAddressParts?.pin;
    if (pickup && o.status === 'assigned') stops.push({ ...base, kind: 'pickup', lat: pickup.lat, lng: pickup.lng });
    if (delivery) stops.push({ ...base, kind: 'delivery', lat: delivery.lat, lng: delivery.lng });
  });
  return stops;
}

/** The orders (by id) that have at least one stop: their cards show their number. */
export const numberedOrders = (stops: readonly MapStop[]) => new Map(stops.map((s) => [s.orderId, s.n]));
