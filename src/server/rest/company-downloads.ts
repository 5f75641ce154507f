import { Hono } from 'hono';
import { localIsoDate, orderFileName } from '../../shared/schemas/order-import';
import { regionOfCurrency } from '../../shared/regions';
import { mapError } from '../http/errors';
import { importTemplateCsv } from '../services/order-import';
import { ordersReportCsv } from '../services/order-export';
import { contextFromVars, type AppVariables } from '../trpc/context';
import { createCaller } from '../trpc/root';

const CSV = 'text/csv; charset=utf-8';

function attachment(name: string) {
  return { 'Content-Type': CSV, 'Content-Disposition': `attachment; filename="${name}"`, 'X-Content-Type-Options': 'nosniff' };
}

/**
 * GET /api/company/orders/template.csv[?region=uae]: the import template, with the address columns and
 * examples of the region's country (Kuwait unless asked; no data in it, so no sign-in needed).
 * GET /api/company/orders/export.csv: the caller's company's orders, through the guarded
 * company.exportReport procedure, so the role and tenant checks are its own.
 */
export function companyDownloads() {
  const api = new Hono<{ Variables: AppVariables }>();
  api.get('/company/orders/template.csv', (c) => {
    const region = c.req.query('region') === 'uae' ? 'uae' : 'kuwait';
    return c.body(`\uFEFF${importTemplateCsv(region)}`, 200, attachment(region === 'uae' ? 'kwt-orders-import-template-uae.csv' : 'kwt-orders-import-template.csv'));
  });
  api.get('/company/orders/export.csv', async (c) => {
    const caller = createCaller(contextFromVars(c.var, new Headers()));
    try {
      const report = await caller.company.exportReport();
      const day = localIsoDate(new Date(report.date), regionOfCurrency(report.currency).timezone);
      // A UTF-8 byte order mark so spreadsheet apps read Arabic names correctly.
      return c.body(`\uFEFF${ordersReportCsv(report)}`, 200, attachment(orderFileName(report.company, day, 'csv')));
    } catch (err) {
      const mapped = mapError(err);
      return c.json(mapped.body, mapped.status as 400);
    }
  });
  return api;
}
