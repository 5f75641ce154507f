import { describe, expect, test } from 'bun:test';
import type { AddressParts } from '../../../../src/shared/schemas/address';
import { numberedOrders, orderStops } from './stops';

const kw = (pin?: { lat: number; lng: number }): AddressParts =>
  ({ country: 'KW', governorate: 'hawalli', area: 'salmiya', block: '10', street: '5', building: '12', floor: '', flat: '', paci: '12345678', landmark: '', ...(pin ? { pin } : {}) }) as AddressParts;

describe('the stops on the rider’s map', () => {
  test('pickup while assigned, delivery always, numbered by the order’s place in the list; no pin, no stop', () => {
    const stops = orderStops([
      { id: 'a', status: 'assigned', customerName: 'Noura', pickupAddressParts: kw({ lat: 29.35, lng: 47.93 }), deliveryAddressParts: kw({ lat: 29.3346, lng: 48.0768 }) },
      { id: 'b', status: 'picked_up', customerName: 'Fahad', pickupAddressParts: kw({ lat: 29.35, lng: 47.93 }), deliveryAddressParts: kw({ lat: 29.31, lng: 48.05 }) },
      { id: 'c', status: 'assigned', customerName: 'Mona', pickupAddressParts: null, deliveryAddressParts: kw() },
    ]);
    expect(stops).toEqual([
      { orderId: 'a', n: 1, customerName: 'Noura', kind: 'pickup', lat: 29.35, lng: 47.93 },
      { orderId: 'a', n: 1, customerName: 'Noura', kind: 'delivery', lat: 29.3346, lng: 48.0768 },
      { orderId: 'b', n: 2, customerName: 'Fahad', kind: 'delivery', lat: 29.31, lng: 48.05 },
    ]);
    expect([...numberedOrders(stops)]).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
  });
});
