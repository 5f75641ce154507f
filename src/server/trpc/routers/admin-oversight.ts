import type { TRPCRouterRecord } from '@trpc/server';
import {
  assignInput,
  byId,
  companyListInput,
  companyUpdateInput,
  orderListInput,
  orderStatusInput,
  riderListInput,
  riderUpdateInput,
  setActiveInput,
} from '../../../shared/schemas/oversight';
import { cashListInput, cashReviewInput } from '../../../shared/schemas/rider-app';
import { z } from 'zod';
import { listAudit } from '../../lib/audit';
import { cashCorrectionInput, handoverResolveInput, riderLedgerInput } from '../../../shared/cash/handover';
import { listCashSubmissions, reviewCashSubmission, correctRiderCash, riderLedger, resolveDiscrepancy } from '../../services/cash';
import { listCompaniesPaged, listRidersPaged, setCompanyActive, setRiderActive, updateCompany, updateRider } from '../../services/directory';
import { assignOrder, transitionOrder, listOrders, orderDetail } from '../../services/orders';
import { adminProcedure, requiring } from '../init';
import { onTheWire } from '../../../shared/money-wire';

/** The admin's oversight tables: companies, riders, orders and the audit log. */
export const adminOversight = {
  companyList: adminProcedure.input(companyListInput).query(({ ctx, input }) => listCompaniesPaged(ctx.db, input)),
  companyUpdate: adminProcedure.use(requiring('manage-companies')).input(companyUpdateInput).mutation(({ ctx, input }) => updateCompany(ctx.db, ctx.user.id, input)),
  companySetActive: adminProcedure.use(requiring('manage-companies')).input(setActiveInput).mutation(({ ctx, input }) => setCompanyActive(ctx.db, ctx.user.id, input.id, input.active)),
  riderList: adminProcedure.input(riderListInput).query(({ ctx, input }) => listRidersPaged(ctx.db, input)),
  riderUpdate: adminProcedure.use(requiring('manage-users')).input(riderUpdateInput).mutation(({ ctx, input }) => updateRider(ctx.db, ctx.user.id, input)),
  riderSetActive: adminProcedure.use(requiring('manage-users')).input(setActiveInput).mutation(({ ctx, input }) => setRiderActive(ctx.db, ctx.user.id, input.id, input.active)),
  orderList: adminProcedure.input(orderListInput).query(async ({ ctx, input }) => onTheWire(await listOrders(ctx.db, input, null))),
  orderDetail: adminProcedure.input(byId).query(async ({ ctx, input }) => onTheWire(await orderDetail(ctx.db, input.id, null))),
  orderAssign: adminProcedure
    .use(requiring('manage-orders'))
    .input(assignInput)
    .mutation(({ ctx, input }) => assignOrder(ctx.db, ctx.actor, input.orderId, input.riderId)),
  orderSetStatus: adminProcedure
    .use(requiring('manage-orders'))
    .input(orderStatusInput)
    .mutation(({ ctx, input }) => transitionOrder(ctx.db, ctx.actor, input.orderId, input.status)),
  cashList: adminProcedure.input(cashListInput).query(async ({ ctx, input }) => onTheWire(await listCashSubmissions(ctx.db, input))),
  cashReview: adminProcedure.use(requiring('confirm-cash')).input(cashReviewInput).mutation(async ({ ctx, input }) => onTheWire(await reviewCashSubmission(ctx.db, ctx.user.id, input.id, input.status))),
  /** Issue 9: any rider's ledger, corrections and discrepancy resolutions, as a company manager has for its own. */
  cashRiderLedger: adminProcedure.input(riderLedgerInput).query(async ({ ctx, input }) => onTheWire(await riderLedger(ctx.db, ctx.actor, input.riderId, input.limit))),
  cashCorrect: adminProcedure.use(requiring('confirm-cash')).input(cashCorrectionInput).mutation(async ({ ctx, input }) => onTheWire(await correctRiderCash(ctx.db, ctx.actor, input))),
  cashResolve: adminProcedure.use(requiring('confirm-cash')).input(handoverResolveInput).mutation(async ({ ctx, input }) => onTheWire(await resolveDiscrepancy(ctx.db, ctx.actor, input))),
  auditLog: adminProcedure
    .input(z.object({ entity: z.string().max(40).optional(), limit: z.number().int().min(1).max(500).optional() }))
    .query(({ ctx, input }) => listAudit(ctx.db, input)),
} satisfies TRPCRouterRecord;
