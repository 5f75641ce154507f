import type { Currency } from '../../../src/shared/money';

/** A reminder to hand over cash once the rider holds this much (in major units). */
export const CASH_REMINDER_AT: Record<Currency, number> = { KWD: 50, AED: 500 };

type NotifiedOrder = { id: string; status: string; customerName: string; deliveryAddress: string };

export interface NotificationInput<O extends NotifiedOrder = NotifiedOrder> {
  orders: readonly O[];
  seen: readonly string[];
  cash: { onHand: number; currency: Currency } | null;
}

/**
 * Real notifications (not the spec's static 3): orders newly assigned since the
 * rider last opened the list, and a cash reminder above the threshold.
 */
export function notificationsFor<O extends NotifiedOrder>({ orders, seen, cash }: NotificationInput<O>) {
  const seenSet = new Set(seen);
  const newOrders = orders.filter((o) => o.status === 'assigned' && !seenSet.has(o.id));
  const cashReminder = cash && cash.onHand >= CASH_REMINDER_AT[cash.currency] ? cash : null;
  return { newOrders, cashReminder, count: newOrders.length + (cashReminder ? 1 : 0) };
}
