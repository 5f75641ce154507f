import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { TICKET_PRIORITIES, TICKET_STATUSES, ticketCommentInput, ticketCreateInput, ticketStatusInput } from '../../../shared/schemas/ai';
import { scopeForUser } from '../../services/reports';
import { addComment, createTicket, getTicket, listTickets, setStatus } from '../../services/support';
import { authedProcedure } from '../init';

const listInput = z.object({ status: z.enum(TICKET_STATUSES).optional(), priority: z.enum(TICKET_PRIORITIES).optional() }).optional();

/** Support tickets on /support: any signed-in user; the service walls each caller to their own (admins see all). */
export const ticketsRouter = {
  list: authedProcedure.input(listInput).query(async ({ ctx, input }) => listTickets(ctx.db, await scopeForUser(ctx.db, ctx.user), input ?? {})),
  byId: authedProcedure.input(z.object({ id: z.string().min(1).max(40) })).query(async ({ ctx, input }) => getTicket(ctx.db, await scopeForUser(ctx.db, ctx.user), input.id)),
  create: authedProcedure.input(ticketCreateInput).mutation(async ({ ctx, input }) => createTicket(ctx.db, await scopeForUser(ctx.db, ctx.user), input)),
  comment: authedProcedure.input(ticketCommentInput).mutation(async ({ ctx, input }) => addComment(ctx.db, await scopeForUser(ctx.db, ctx.user), input)),
  setStatus: authedProcedure.input(ticketStatusInput).mutation(async ({ ctx, input }) => setStatus(ctx.db, await scopeForUser(ctx.db, ctx.user), input)),
} satisfies TRPCRouterRecord;
