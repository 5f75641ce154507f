import type { TRPCRouterRecord } from '@trpc/server';
import { apiTokenCreateInput, apiTokenRevokeInput } from '../../../shared/schemas/api-tokens';
import { createApiToken, listApiTokens, revokeApiToken, limitAuth } from '../../services/identity';
import { authedProcedure } from '../init';

/** API tokens for the MCP endpoint: any signed-in user manages their own (an admin may revoke any). */
export const apiTokenProcedures = {
  apiTokens: authedProcedure.query(({ ctx }) => listApiTokens(ctx.db, ctx.user.id)),
  apiTokenCreate: authedProcedure.input(apiTokenCreateInput).mutation(async ({ ctx, input }) => {
    await limitAuth(ctx.db, 'apiTokenCreate', ctx.user.id);
    return createApiToken(ctx.db, ctx.user.id, input.name);
  }),
  apiTokenRevoke: authedProcedure.input(apiTokenRevokeInput).mutation(({ ctx, input }) => revokeApiToken(ctx.db, ctx.user, input.id)),
} satisfies TRPCRouterRecord;
