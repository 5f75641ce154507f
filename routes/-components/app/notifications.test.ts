import { describe, expect, test } from 'bun:test';
import { notificationsFor } from './notifications';

const order = (id: string, status = 'assigned') => ({ id, status, customerName: 'Noura', deliveryAddress: 'Salmiya' });

describe('notifications', () => {
  test('new = assigned and not seen; a picked-up order is no news', () => {
    const n = notificationsFor({ orders: [order('a'), order('b'), order('c', 'picked_up')], seen: ['a'], cash: null });
    expect(n.newOrders.map((o) => o.id)).toEqual(['b']);
    expect(n.count).toBe(1);
  });

  test('a cash reminder from the threshold up, per currency', () => {
    expect(notificationsFor({ orders: [], seen: [], cash: { onHand: 49.999, currency: 'KWD' } }).count).toBe(0);
    expect(notificationsFor({ orders: [], seen: [], cash: { onHand: 50, currency: 'KWD' } }).count).toBe(1);
    expect(notificationsFor({ orders: [], seen: [], cash: { onHand: 120, currency: 'AED' } }).count).toBe(0);
    expect(notificationsFor({ orders: [order('x')], seen: [], cash: { onHand: 500, currency: 'AED' } }).count).toBe(2);
  });
});
