import { Hono } from 'hono';
import { mapError } from '../http/errors';
import { reconciliationFileName, reconciliationToCsv } from '../services/cash/reconciliation-csv';
import { contextFromVars, type AppVariables } from '../trpc/context';
import { createCaller } from '../trpc/root';

/**
 * GET /api/company/reconciliation.csv?date=YYYY-MM-DD: the caller's company's daily cash reconciliation
 * as CSV, through the guarded company.reconciliation procedure (company role, own company only).
 */
export function companyReconcileDownload() {
  const api = new Hono<{ Variables: AppVariables }>();
  api.get('/company/reconciliation.csv', async (c) => {
    const caller = createCaller(contextFromVars(c.var, new Headers()));
    try {
      const date = c.req.query('date');
      const report = await caller.company.reconciliation(date ? { date } : undefined);
      // A UTF-8 byte order mark so spreadsheet apps read Arabic names correctly.
      return c.body(`\uFEFF${reconciliationToCsv(report)}`, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${reconciliationFileName(report)}"`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      });
    } catch (err) {
      const mapped = mapError(err);
      return c.json(mapped.body, mapped.status as 400);
    }
  });
  return api;
}
