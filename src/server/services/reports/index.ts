/**
 * Reports: saved and weekly reports, the admin dashboard figures, the AI analyses and the shared figures (docs/figures.md).
 * The public face of this folder: other folders and the doors import it only from here (test/imports.test.ts).
 */
export { adminStats } from './admin-stats';
export { dutyByRider } from './analysis/duty';
export { analysisSummaryText, runAnalysis } from './analysis';
export { monthToDate } from './analysis/period';
export { managerReport } from './analysis/report';
export { activeRiderCount, kmBetween, lastDays, lastSeenDate, lastSeenMs, orderStartMs, positionMs, revenueSince, riderFigures, today } from './figures';
export { riderPerformanceOver } from './figures';
export type { RiderFigures, RiderPerformanceOver } from './figures';
export { reportFileName, reportToCsv } from './reports-csv';
export { generateReport, getReport, listReports } from './reports';
export { weeklyReportFileName, weeklyReportToCsv } from './weekly-report-csv';
export { weeklyReport } from './weekly-report';
