import type { Currency } from '../../../src/shared/money';

type NotifiedOrder = { id: string; status: string; customerName: string; deliveryAddress: string };

export interface NotificationInput<O extends NotifiedOrder = NotifiedOrder> {
  orders: readonly O[];
  seen: readonly string[];
  /** Cash on hand, and from how much the rider is reminded to hand it over (the server's figure from the company's limit: rider.dashboard). */
  cash: { onHand: number; currency: Currency; reminderAt: number } | null;
}

/**
 * Real notifications (not the spec's static 3): orders newly assigned since the
 * rider last opened the list, and a cash reminder from the server's threshold up.
 */
export function notificationsFor<O extends NotifiedOrder>({ orders, seen, cash }: NotificationInput<O>) {
  const seenSet = new Set(seen);
  const newOrders = orders.filter((o) => o.status === 'assigned' && !seenSet.has(o.id));
  const cashReminder = cash && cash.onHand >= cash.reminderAt ? cash : null;
  return { newOrders, cashReminder, count: newOrders.length + (cashReminder ? 1 : 0) };
}
