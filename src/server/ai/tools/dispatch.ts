import { z } from 'zod';
import { DISPATCH_MODES } from '../../../shared/schemas/dispatch';
import { dispatchStatus } from '../../services/dispatch';
import { defineTool } from '../tool';
import { count, instant } from './output';
import { companyWall } from './scope';

/** Issue 25, item 6: the company's dispatch now, for its assistant (MCP `dispatch_status`). */
export const dispatchStatusTool = defineTool({
  name: 'dispatch_status',
  title: 'Dispatch status',
  description:
    "The company's automatic dispatch right now: its mode (manual or auto), the orders waiting for a rider (those automatic dispatch gave back as \"needs a rider\", with the offers made, and how many were never offered), the offers out (rider, orders, when each offer expires), the riders available now (on duty, not on a break, offers not paused, not answering an offer, with room in their load) and, per area of the waiting orders' pickups, the waiting orders and the available riders within 3 km of one of those pickups. A company sees only its own.",
  input: {},
  output: z.object({
    mode: z.enum(DISPATCH_MODES),
    waitingForRider: z.object({
      needsRider: z.array(z.object({ orderId: z.string(), customerName: z.string(), pickupAddress: z.string(), attempts: count })),
      notOffered: count.describe('Pending orders without a rider that were never offered (manual dispatch, or not yet).'),
    }),
    offersOut: z.array(z.object({ offerId: z.string(), riderId: z.string(), riderName: z.string(), expiresAt: instant, orderIds: z.array(z.string()) })),
    ridersAvailable: count,
    ridersOnDuty: count,
    perArea: z.array(z.object({ area: z.string(), waitingOrders: count, ridersAvailable: count })),
  }),
  readOnly: true,
  roles: ['company'],
  run: async (db, scope, _input, now) => dispatchStatus(db, companyWall(scope, undefined)!, now ?? new Date()),
});
