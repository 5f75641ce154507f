import type { TRPCRouterRecord } from '@trpc/server';
import { cashCorrectionInput, handoverConfirmInput, handoverListInput, handoverResolveInput, riderLedgerInput } from '../../../shared/cash/handover';
import { correctRiderCash, riderLedger, ridersCash, companyHandovers, confirmHandover, resolveDiscrepancy } from '../../services/cash';
import { companyProcedure, requiring } from '../init';
import { onTheWire } from '../../../shared/money-wire';

/** A company manager who may confirm cash (the 'confirm-cash' permission; docs/spec-decisions.md). */
const cashProcedure = companyProcedure.use(requiring('confirm-cash'));

/** Issue 9: the company's side of the verified hand-over: its riders' hand-overs, counts, differences, corrections. */
export const companyCashProcedures = {
  /** Hand-overs of the company's riders: pending first, then differences to resolve, then history. */
  handovers: cashProcedure
    .input(handoverListInput)
    .query(async ({ ctx, input }) => onTheWire(await companyHandovers(ctx.db, ctx.companyId, input ?? {}))),
  /** Count a pending hand-over, verified by the rider's QR code or one-time code (a bank deposit: its slip). */
  handoverConfirm: cashProcedure
    .input(handoverConfirmInput)
    .mutation(async ({ ctx, input }) => onTheWire(await confirmHandover(ctx.db, ctx.actor, input))),
  /** Settle a counted difference, with a note. */
  handoverResolve: cashProcedure
    .input(handoverResolveInput)
    .mutation(async ({ ctx, input }) => onTheWire(await resolveDiscrepancy(ctx.db, ctx.actor, input))),
  /** Each rider's cash from the ledger: on hand, pending, differences, outstanding. */
  cashRiders: cashProcedure.query(async ({ ctx }) => onTheWire(await ridersCash(ctx.db, ctx.actor))),
  /** One rider's ledger entries: time, kind, amounts, who and why. */
  riderLedger: cashProcedure.input(riderLedgerInput).query(async ({ ctx, input }) => onTheWire(await riderLedger(ctx.db, ctx.actor, input.riderId, input.limit))),
  /** Correct a rider's cash on hand, with a reason. */
  cashCorrect: cashProcedure
    .input(cashCorrectionInput)
    .mutation(async ({ ctx, input }) => onTheWire(await correctRiderCash(ctx.db, ctx.actor, input))),
} satisfies TRPCRouterRecord;
