import { Hono } from 'hono';
import { mapError } from '../http/errors';
import { weeklyReportFileName, weeklyReportToCsv } from '../services/weekly-report-csv';
import { contextFromVars, type AppVariables } from '../trpc/context';
import { createCaller } from '../trpc/root';

/**
 * GET /api/company/reports/weekly.csv?weekStart=YYYY-MM-DD: the caller's company's working week as CSV,
 * through the guarded company.weeklyReport procedure, so the role, tenant and input checks are its own.
 */
export function companyWeeklyDownload() {
  const api = new Hono<{ Variables: AppVariables }>();
  api.get('/company/reports/weekly.csv', async (c) => {
    const caller = createCaller(contextFromVars(c.var, new Headers()));
    try {
      const weekStart = c.req.query('weekStart');
      const report = await caller.company.weeklyReport(weekStart ? { weekStart } : undefined);
      // A UTF-8 byte order mark so spreadsheet apps read Arabic names correctly.
      return c.body(`\uFEFF${weeklyReportToCsv(report)}`, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${weeklyReportFileName(report)}"`,
        'X-Content-Type-Options': 'nosniff',
      });
    } catch (err) {
      const mapped = mapError(err);
      return c.json(mapped.body, mapped.status as 400);
    }
  });
  return api;
}
