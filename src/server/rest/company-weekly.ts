import { weeklyReportFileName, weeklyReportToCsv } from '../services/reports';
import { procedureCsvRoute } from './procedure-csv';

/**
 * GET /api/company/reports/weekly.csv?weekStart=YYYY-MM-DD: the caller's company's working week as CSV,
 * through the guarded company.weeklyReport procedure, so the role, tenant and input checks are its own.
 */
export const companyWeeklyDownload = () =>
  procedureCsvRoute('/company/reports/weekly.csv', 'weekStart', (caller, input) => caller.company.weeklyReport(input), (report) => ({
    csv: weeklyReportToCsv(report),
    name: weeklyReportFileName(report),
  }));
