/** Average order time (docs/figures.md): pure, so the rider app computes it offline as the server does. */

/** One delivered order's time: from its pick-up (else its assignment) to its delivery. */
export interface OrderTime {
  /** ms; null when the order has neither a pick-up nor an assignment time. */
  startedAt: number | null;
  deliveredAt: number;
}

/**
 * Average order time in minutes (one decimal): the mean of delivered − started over the delivered
 * orders with a known start not after their delivery; null when there is none.
 */
export function averageOrderMinutes(orders: readonly OrderTime[]): number | null {
  let total = 0;
  let n = 0;
  for (const o of orders) {
    if (o.startedAt === null || !Number.isFinite(o.startedAt) || o.deliveredAt < o.startedAt) continue;
    total += o.deliveredAt - o.startedAt;
    n++;
  }
  return n ? Math.round(total / n / 6_000) / 10 : null;
}
