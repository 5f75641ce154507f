import { Hono } from 'hono';
import { csvDownload } from '../http/csv-download';
import { weeklyReportFileName, weeklyReportToCsv } from '../services/reports';
import { contextFromVars, type AppVariables } from '../trpc/context';
import { createCaller } from '../trpc/root';

/**
 * GET /api/company/reports/weekly.csv?weekStart=YYYY-MM-DD: the caller's company's working week as CSV,
 * through the guarded company.weeklyReport procedure, so the role, tenant and input checks are its own.
 */
export function companyWeeklyDownload() {
  const api = new Hono<{ Variables: AppVariables }>();
  api.get('/company/reports/weekly.csv', (c) => {
    const caller = createCaller(contextFromVars(c.var, new Headers()));
    const weekStart = c.req.query('weekStart');
    return csvDownload(
      c,
      () => caller.company.weeklyReport(weekStart ? { weekStart } : undefined),
      (report) => ({ csv: weeklyReportToCsv(report), name: weeklyReportFileName(report) }),
    );
  });
  return api;
}
