import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { adminRiderInput, companyInput, orderInput } from '../../../shared/schemas/admin';
import { createCompany, createOrder, createRiderByAdmin, listCompanies } from '../../services/directory';
import { adminStats, generateReport, getReport, listReports } from '../../services/reports';
import { changeTicks } from '../../lib/events';
import { lastSheetsSync, syncWithRetry } from '../../services/integrations';
import { sheetsTarget } from '../../google/sheets-client';
import { idField } from '../../../shared/schemas/fields';
import { reportInput } from '../../../shared/schemas/reports';
import { adminProcedure, permittedProcedure, requiring } from '../init';
import { adminAccountProcedures } from './admin-accounts';
import { adminManagerProcedures } from './admin-managers';
import { adminOversight } from './admin-oversight';
import { adminRiderView } from './admin-rider-view';
import { adminRuleProcedures } from './admin-rules';
import { onTheWire } from '../../../shared/money-wire';

export const adminRouter = {
  ...adminOversight,
  ...adminRiderView,
  ...adminRuleProcedures,
  ...adminAccountProcedures,
  ...adminManagerProcedures,
  /** System-wide figures: admins only. */
  stats: adminProcedure.query(async ({ ctx }) => onTheWire(await adminStats(ctx.db, ctx.config.AED_TO_KWD_RATE), 'KWD')),
  /** The same figures, pushed again whenever an order, rider, company, duty or location changes. */
  statsLive: adminProcedure.subscription(async function* ({ ctx, signal }) {
    for await (const _ of changeTicks(['orders', 'riders', 'companies', 'duty', 'locations'], signal)) {
      yield onTheWire(await adminStats(ctx.db, ctx.config.AED_TO_KWD_RATE), 'KWD');
    }
  }),
  companies: adminProcedure.query(({ ctx }) => listCompanies(ctx.db)),
  createCompany: permittedProcedure('manage-companies')
    .input(companyInput)
    .mutation(({ ctx, input }) => createCompany(ctx.db, { origin: ctx.origin ?? ctx.config.APP_URL, config: ctx.config }, ctx.user.id, input)),
  createRider: adminProcedure.use(requiring('manage-users')).input(adminRiderInput).mutation(({ ctx, input }) => createRiderByAdmin(ctx.db, ctx.user.id, input)),
  createOrder: adminProcedure.use(requiring('manage-orders')).input(orderInput).mutation(({ ctx, input }) => createOrder(ctx.db, ctx.user.id, input.companyId, input)),
  /** Admins report on every company; a company manager only ever on their own (scoped in the service). */
  generateReport: permittedProcedure('generate-reports')
    .input(reportInput)
    .mutation(({ ctx, input }) => generateReport(ctx.db, ctx.actor, input, ctx.config.AED_TO_KWD_RATE)),
  report: permittedProcedure('generate-reports')
    .input(z.object({ id: idField }))
    .query(({ ctx, input }) => getReport(ctx.db, ctx.actor, input.id)),
  reports: permittedProcedure('generate-reports').query(({ ctx }) => listReports(ctx.db, ctx.actor)),
  /** Replace the Companies, Riders and Orders tabs of the configured spreadsheet (503 when unconfigured). */
  syncSheets: permittedProcedure('sync-data').mutation(({ ctx }) => syncWithRetry(ctx.db, sheetsTarget(ctx.config), ctx.user.id)),
  lastSync: adminProcedure.query(({ ctx }) => lastSheetsSync(ctx.db)),
} satisfies TRPCRouterRecord;
