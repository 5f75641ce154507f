import type { TRPCRouterRecord } from '@trpc/server';
import { contactInput } from '../../../shared/schemas/contact';
import { submitContact, listContactMessages } from '../../services/support';
import { adminProcedure, publicProcedure } from '../init';
import { ticketsRouter } from './tickets';

export const contactRouter = {
  submit: publicProcedure.input(contactInput).mutation(({ ctx, input }) => submitContact(ctx.db, ctx.config, input, { ip: ctx.ip })),
  /** The contact-form inbox: admins only. */
  messages: adminProcedure.query(({ ctx }) => listContactMessages(ctx.db)),
  tickets: ticketsRouter,
} satisfies TRPCRouterRecord;
