import { reconciliationFileName, reconciliationToCsv } from '../services/cash';
import { procedureCsvRoute } from './procedure-csv';

/**
 * GET /api/company/reconciliation.csv?date=YYYY-MM-DD: the caller's company's daily cash reconciliation
 * as CSV, through the guarded company.reconciliation procedure (company role, own company only).
 */
export const companyReconcileDownload = () =>
  procedureCsvRoute('/company/reconciliation.csv', 'date', (caller, input) => caller.company.reconciliation(input), (report) => ({
    csv: reconciliationToCsv(report),
    name: reconciliationFileName(report),
  }));
