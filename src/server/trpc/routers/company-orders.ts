import type { TRPCRouterRecord } from '@trpc/server';
import { orderInput } from '../../../shared/schemas/admin';
import { orderImportInput } from '../../../shared/schemas/order-import';
import { assignInput, byId, orderListInput, orderStatusInput } from '../../../shared/schemas/oversight';
import { createOrder } from '../../services/directory';
import { exportOrdersReport, importOrders, assignOrder, transitionOrder, listOrders, orderDetail } from '../../services/orders';
import { companyProcedure, requiring } from '../init';

/** Creating, assigning and moving orders: the 'manage-orders' permission of the table. */
const ordersProcedure = companyProcedure.use(requiring('manage-orders'));
import { onTheWire } from '../../../shared/money-wire';

/**
 * The company's own order system. Every call is scoped to ctx.companyId: a filter or
 * an id naming another company's order finds nothing (NOT_FOUND), never a forbidden.
 */
export const companyOrders = {
  orderList: companyProcedure.input(orderListInput).query(async ({ ctx, input }) => onTheWire(await listOrders(ctx.db, input, ctx.companyId))),
  orderDetail: companyProcedure.input(byId).query(async ({ ctx, input }) => onTheWire(await orderDetail(ctx.db, input.id, ctx.companyId))),
  /** Always for the caller's company; a `companyId` in the input is ignored, a different currency refused. */
  createOrder: ordersProcedure.input(orderInput).mutation(({ ctx, input }) => createOrder(ctx.db, ctx.user.id, ctx.companyId, input)),
  assignOrder: ordersProcedure
    .input(assignInput)
    .mutation(({ ctx, input }) => assignOrder(ctx.db, ctx.actor, input.orderId, input.riderId)),
  setOrderStatus: ordersProcedure
    .input(orderStatusInput)
    .mutation(({ ctx, input }) => transitionOrder(ctx.db, ctx.actor, input.orderId, input.status)),
  exportReport: companyProcedure.query(({ ctx }) => exportOrdersReport(ctx.db, ctx.companyId)),
  importOrders: ordersProcedure.input(orderImportInput).mutation(({ ctx, input }) => importOrders(ctx.db, ctx.user.id, ctx.companyId, input)),
} satisfies TRPCRouterRecord;
