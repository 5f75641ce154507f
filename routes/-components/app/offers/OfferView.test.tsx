import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import type { RiderOfferView } from '../../../../src/shared/schemas/dispatch';
import { timeOfDay } from '../useNow';
import { OfferView } from './OfferView';

const order = (id: string, customerName: string, dropoffArea: string, cashToCollect: number) => ({
  id,
  seq: 0,
  customerName,
  pickupAddress: 'Sultan Center, Salmiya',
  dropoffArea,
  currency: 'KWD' as const,
  fee: 1.5,
  cashToCollect,
  etaPickupAt: null,
  etaDropoffAt: null,
});
const single: RiderOfferView = {
  id: 'offer-1',
  orders: [order('o1', 'Fatima Al-Ali', 'Jabriya', 2.5)],
  stops: [
    { orderId: 'o1', kind: 'pickup', address: 'Sultan Center, Salmiya' },
    { orderId: 'o1', kind: 'dropoff', address: 'Salmiya' },
  ],
  offeredAt: '2026-01-01T10:00:00.000Z',
  expiresAt: '2026-01-01T10:01:00.000Z',
  distanceKm: 2.345,
  currency: 'KWD',
  fee: 1.5,
  cashToCollect: 2.5,
};
const now = Date.parse('2026-01-01T10:00:18.400Z');
const text = (html: string) => html.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|').replace(/\u00a0/g, ' ');
const render = (offer: RiderOfferView) => renderToStaticMarkup(<OfferView offer={offer} now={now} busy={false} onAccept={() => {}} onDecline={() => {}} />);

describe('the offer, full screen', () => {
  test('one order: countdown from the deadline, fee, cash, distance, drop-off area and pickup; Decline then Accept', () => {
    const html = render(single);
    expect(text(html)).toBe(
      '|New delivery offer|Time left to answer|0:42|Delivery fee|KWD 1.500|Cash to collect|KWD 2.500|Distance|2.3 km|Drop-off area|Jabriya|Pickup|Sultan Center, Salmiya|Decline|Accept|',
    );
    expect(html).toContain('data-seconds="42"');
    expect(html).not.toContain('offer-pickup-eta');
    expect(html).toContain('role="dialog"');
    expect(html).toContain('aria-modal="true"');
  });

  test('with the server’s estimates: the expected time at the pickup and at the drop-off', () => {
    const html = render({ ...single, orders: [{ ...single.orders[0]!, etaPickupAt: '2026-01-01T10:09:00.000Z', etaDropoffAt: '2026-01-01T10:31:00.000Z' }] });
    const at = (iso: string) => timeOfDay(Date.parse(iso));
    expect(text(html)).toContain(`|Drop-off area|Jabriya|Expected at ${at('2026-01-01T10:31:00.000Z')}|Pickup|Sultan Center, Salmiya|Expected at ${at('2026-01-01T10:09:00.000Z')}|`);
  });

  test('a prepaid batch: the count in the title, no cash, and the stops in their order', () => {
    const batch: RiderOfferView = {
      ...single,
      orders: [order('o1', 'Fatima', 'Salmiya', 0), order('o2', 'Mariam', 'Jabriya', 0)],
      stops: [
        { orderId: 'o1', kind: 'pickup', address: 'Sultan Center, Salmiya' },
        { orderId: 'o2', kind: 'pickup', address: 'Co-op, Salmiya' },
        { orderId: 'o2', kind: 'dropoff', address: 'Jabriya' },
        { orderId: 'o1', kind: 'dropoff', address: 'Salmiya' },
      ],
      fee: 3,
      cashToCollect: 0,
    };
    expect(text(render(batch))).toBe(
      '|2 orders on one route|Time left to answer|0:42|Delivery fee|KWD 3.000|Cash to collect|None: prepaid|Distance|2.3 km|Stop order|' +
        '1|Pick up · Fatima|Sultan Center, Salmiya|2|Pick up · Mariam|Co-op, Salmiya|3|Drop off · Mariam|Jabriya|4|Drop off · Fatima|Salmiya|Decline|Accept|',
    );
  });
});
