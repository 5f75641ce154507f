import { describe, expect, test } from 'bun:test';
import { notificationsFor } from './notifications';

const order = (id: string, status = 'assigned') => ({ id, status, customerName: 'Noura', deliveryAddress: 'Salmiya' });

describe('notifications', () => {
  test('new = assigned and not seen; a picked-up order is no news', () => {
    const n = notificationsFor({ orders: [order('a'), order('b'), order('c', 'picked_up')], seen: ['a'], cash: null });
    expect(n.newOrders.map((o) => o.id)).toEqual(['b']);
    expect(n.count).toBe(1);
  });

  test('a cash reminder from the server’s threshold up, whatever the currency', () => {
    const cash = (onHand: number, currency: 'KWD' | 'AED', reminderAt: number) => ({ orders: [], seen: [], cash: { onHand, currency, reminderAt } });
    expect(notificationsFor(cash(49.999, 'KWD', 50)).count).toBe(0);
    expect(notificationsFor(cash(50, 'KWD', 50)).count).toBe(1);
    // A company with a limit of KWD 20: the reminder from KWD 10, well under the old fixed 50.
    expect(notificationsFor(cash(10, 'KWD', 10)).count).toBe(1);
    expect(notificationsFor(cash(120, 'AED', 500)).count).toBe(0);
    // A company with a limit of AED 5,000: no reminder at AED 500 any more.
    expect(notificationsFor(cash(500, 'AED', 2500)).count).toBe(0);
    expect(notificationsFor({ ...cash(500, 'AED', 500), orders: [order('x')] }).count).toBe(2);
  });
});
