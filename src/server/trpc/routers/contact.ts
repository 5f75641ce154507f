import type { TRPCRouterRecord } from '@trpc/server';
import { contactInput } from '../../../shared/schemas/contact';
import { submitContact } from '../../services/contact';
import { publicProcedure } from '../init';

export const contactRouter = {
  submit: publicProcedure.input(contactInput).mutation(({ ctx, input }) => submitContact(ctx.db, input)),
} satisfies TRPCRouterRecord;
