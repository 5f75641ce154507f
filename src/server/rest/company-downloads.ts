import { Hono } from 'hono';
import { localIsoDate, orderFileName } from '../../shared/schemas/order-import';
import { regionOfCurrency } from '../../shared/regions';
import { csvAttachment, csvDownload } from '../http/csv-download';
import { importTemplateCsv, ordersReportCsv } from '../services/orders';
import { contextFromVars, type AppVariables } from '../trpc/context';
import { createCaller } from '../trpc/root';


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
    return c.body(`\uFEFF${importTemplateCsv(region)}`, 200, csvAttachment(region === 'uae' ? 'kwt-orders-import-template-uae.csv' : 'kwt-orders-import-template.csv'));
  });
  api.get('/company/orders/export.csv', (c) => {
    const caller = createCaller(contextFromVars(c.var, new Headers()));
    return csvDownload(
      c,
      () => caller.company.exportReport(),
      (report) => {
        const day = localIsoDate(new Date(report.date), regionOfCurrency(report.currency).timezone);
        return { csv: ordersReportCsv(report), name: orderFileName(report.company, day, 'csv') };
      },
    );
  });
  return api;
}
