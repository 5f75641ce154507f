import type { Db } from '../../../../db/client';
import { emitCompanyEvent, orderPayload } from '../integrations';
import type { OrderRow, RiderBrief } from './facts';

/** `order.offered`: the order as the other order events carry it (no rider yet), and the offer (the rider asked and until when). */
export function emitOffered(db: Db, o: OrderRow, rider: RiderBrief, expiresAt: Date) {
  return emitCompanyEvent(db, o.companyId, 'order.offered', async () => ({
    ...(await orderPayload(db, o)),
    offer: { riderId: rider.id, riderName: rider.name, expiresAt: expiresAt.toISOString() },
  }));
}
