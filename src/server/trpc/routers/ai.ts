import type { TRPCRouterRecord } from '@trpc/server';
import { analysisInput, downloadReportInput, notifyEmailInput, supportChatInput, visitorChatInput, type AnalysisResponse } from '../../../shared/schemas/ai';
import { salesChat } from '../../ai/sales-chat';
import { supportChat } from '../../ai/support-chat';
import { runAnalysis, managerReport } from '../../services/reports';
import { notifyLead, listLeads } from '../../services/support';
import { adminProcedure, authedProcedure, publicProcedure } from '../init';

export const aiRouter = {
  /** Leads the sales assistant collected: admins only. */
  leads: adminProcedure.query(({ ctx }) => listLeads(ctx.db)),
  /** POST /api/ai/chat from the visitor widget: public, rate-limited per IP. */
  salesChat: publicProcedure.input(visitorChatInput).mutation(({ ctx, input }) => salesChat({ db: ctx.db, config: ctx.config, ip: ctx.ip }, input)),
  /** POST /api/ai/chat from the Support page: the signed-in user's own data (userId/userRole in the body are ignored). */
  supportChat: authedProcedure.input(supportChatInput).mutation(({ ctx, input }) => supportChat({ db: ctx.db, config: ctx.config }, ctx.actor, input)),
  /** POST /api/notify-email: store the lead and e-mail the sales inbox. */
  notifyEmail: publicProcedure.input(notifyEmailInput).mutation(({ ctx, input }) => notifyLead(ctx.db, ctx.config, input, { ip: ctx.ip })),
  /** POST /api/ai/analysis: this month's analysis for the caller's own scope (admin: all; company: its fleet; rider: itself). */
  analysis: authedProcedure.input(analysisInput).mutation(async ({ ctx, input }): Promise<AnalysisResponse> => ({
    analysis: await runAnalysis(ctx.db, ctx.actor, input.type, { aedToKwd: ctx.config.AED_TO_KWD_RATE }),
  })),
  /** GET /api/ai/download-report/{userId}: the manager report of that user; only the user themself or an admin. */
  downloadReport: authedProcedure
    .input(downloadReportInput)
    .query(({ ctx, input }) => managerReport(ctx.db, ctx.user, input.userId, { aedToKwd: ctx.config.AED_TO_KWD_RATE })),
} satisfies TRPCRouterRecord;
