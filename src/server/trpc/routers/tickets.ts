import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { TICKET_PRIORITIES, TICKET_STATUSES, ticketCommentInput, ticketCreateInput, ticketStatusInput } from '../../../shared/schemas/ai';
import { addComment, createTicket, getTicket, listTickets, setStatus } from '../../services/support';
import { authedProcedure } from '../init';

const listInput = z.object({ status: z.enum(TICKET_STATUSES).optional(), priority: z.enum(TICKET_PRIORITIES).optional() }).optional();

/** Support tickets on /support: any signed-in user; the service walls each caller to their own (admins see all). */
export const ticketsRouter = {
  list: authedProcedure.input(listInput).query(({ ctx, input }) => listTickets(ctx.db, ctx.actor, input ?? {})),
  byId: authedProcedure.input(z.object({ id: z.string().min(1).max(40) })).query(({ ctx, input }) => getTicket(ctx.db, ctx.actor, input.id)),
  create: authedProcedure.input(ticketCreateInput).mutation(({ ctx, input }) => createTicket(ctx.db, ctx.actor, input)),
  comment: authedProcedure.input(ticketCommentInput).mutation(({ ctx, input }) => addComment(ctx.db, ctx.actor, input)),
  setStatus: authedProcedure.input(ticketStatusInput).mutation(({ ctx, input }) => setStatus(ctx.db, ctx.actor, input)),
} satisfies TRPCRouterRecord;
