import type { Db } from '../../../../db/client';
import { toDecimalString } from '../../../shared/money';
import { emitCompanyEvent } from '../integrations';
import type { OrderRow, RiderBrief } from './facts';

/** `order.offered`: the order as the other order events carry it, and the offer (the rider asked and until when). */
export function emitOffered(db: Db, o: OrderRow, rider: RiderBrief, expiresAt: Date) {
  return emitCompanyEvent(db, o.companyId, 'order.offered', {
    orderId: o.id,
    trackingCode: o.trackingCode,
    status: o.status,
    customerName: o.customerName,
    deliveryAddress: o.deliveryAddress,
    fee: toDecimalString(o.deliveryFeeMinor, o.currency),
    currency: o.currency,
    riderId: null,
    riderName: null,
    offer: { riderId: rider.id, riderName: rider.name, expiresAt: expiresAt.toISOString() },
  });
}
