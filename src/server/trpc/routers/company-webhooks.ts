import type { TRPCRouterRecord } from '@trpc/server';
import { webhookCreateInput, webhookDeliveriesInput, webhookIdInput, webhookSetActiveInput } from '../../../shared/schemas/webhooks';
import { createWebhook, deleteWebhook, listWebhooks, sendTestEvent, setWebhookActive, webhookDeliveryLog, guardFromEnv } from '../../services/integrations';
import { companyProcedure } from '../init';

/** The company's own webhook endpoints; spread into companyRouter. Tenant scoping is in the service. */
export const companyWebhookProcedures = {
  webhookList: companyProcedure.query(({ ctx }) => listWebhooks(ctx.db, ctx.companyId)),
  webhookCreate: companyProcedure
    .input(webhookCreateInput)
    .mutation(({ ctx, input }) => createWebhook(ctx.db, ctx.companyId, input, guardFromEnv(ctx.config))),
  webhookDelete: companyProcedure.input(webhookIdInput).mutation(({ ctx, input }) => deleteWebhook(ctx.db, ctx.companyId, input.id)),
  webhookSetActive: companyProcedure
    .input(webhookSetActiveInput)
    .mutation(({ ctx, input }) => setWebhookActive(ctx.db, ctx.companyId, input.id, input.active)),
  webhookDeliveries: companyProcedure.input(webhookDeliveriesInput).query(({ ctx, input }) => webhookDeliveryLog(ctx.db, ctx.companyId, input)),
  /** Sends a 'ping' to one endpoint; the outcome appears in the delivery log. */
  webhookTest: companyProcedure.input(webhookIdInput).mutation(({ ctx, input }) => sendTestEvent(ctx.db, ctx.companyId, input.id)),
} satisfies TRPCRouterRecord;
