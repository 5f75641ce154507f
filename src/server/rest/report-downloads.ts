import { Hono } from 'hono';
import { mapError } from '../http/errors';
import { reportFileName, reportToCsv } from '../services/reports';
import { contextFromVars, type AppVariables } from '../trpc/context';
import { createCaller } from '../trpc/root';

const TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' } as const;

/**
 * GET /api/reports/:id.csv and /api/reports/:id.json: a stored report as a file.
 * The same guarded tRPC procedure answers, so the permission and tenant checks are its.
 */
export function reportDownloads() {
  const api = new Hono<{ Variables: AppVariables }>();
  api.get('/reports/:file{[A-Za-z0-9_-]{1,40}\\.(?:csv|json)}', async (c) => {
    const file = c.req.param('file');
    const dot = file.lastIndexOf('.');
    const [id, ext] = [file.slice(0, dot), file.slice(dot + 1) as keyof typeof TYPES];
    const caller = createCaller(contextFromVars(c.var, new Headers()));
    try {
      const report = await caller.admin.report({ id });
      // A UTF-8 byte order mark so spreadsheet apps read Arabic names correctly.
      const body = ext === 'csv' ? `\uFEFF${reportToCsv(report)}` : JSON.stringify(report, null, 2);
      return c.body(body, 200, {
        'Content-Type': TYPES[ext],
        'Content-Disposition': `attachment; filename="${reportFileName(report, ext)}"`,
        'X-Content-Type-Options': 'nosniff',
      });
    } catch (err) {
      const mapped = mapError(err);
      return c.json(mapped.body, mapped.status as 400);
    }
  });
  return api;
}
