import { Hono } from 'hono';
import { csvDownload } from '../http/csv-download';
import { reconciliationFileName, reconciliationToCsv } from '../services/cash';
import { contextFromVars, type AppVariables } from '../trpc/context';
import { createCaller } from '../trpc/root';

/**
 * GET /api/company/reconciliation.csv?date=YYYY-MM-DD: the caller's company's daily cash reconciliation
 * as CSV, through the guarded company.reconciliation procedure (company role, own company only).
 */
export function companyReconcileDownload() {
  const api = new Hono<{ Variables: AppVariables }>();
  api.get('/company/reconciliation.csv', (c) => {
    const caller = createCaller(contextFromVars(c.var, new Headers()));
    const date = c.req.query('date');
    return csvDownload(
      c,
      () => caller.company.reconciliation(date ? { date } : undefined),
      (report) => ({ csv: reconciliationToCsv(report), name: reconciliationFileName(report) }),
    );
  });
  return api;
}
