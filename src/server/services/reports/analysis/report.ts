import type { Db } from '../../../../../db/client';
import { t } from '../../../../shared/i18n';
import { ANALYSIS_TYPES, type Analysis, type AnalysisPriority, type AnalysisType } from '../../../../shared/schemas/ai';
import type { SessionUser } from '../../../../shared/schemas/auth';
import { orderFileName } from '../../../../shared/schemas/order-import';
import type { Report } from '../../../../shared/schemas/reports';
import { forbidden, notFound } from '../../../errors';
import { buildReport } from '../reports';
import { loadSessionUser } from '../../identity';
import { analysisContext } from './context';
import { analyse } from './index';
import { highest } from './rules';
import { actorFor } from '../../access';
import { msg } from '../../../../shared/i18n/message';

/** GET /api/ai/download-report/{userId}: the four analyses for one user's scope, as one JSON file. */
export interface ManagerReport {
  title: string;
  fileName: string;
  generatedAt: string;
  user: { id: string; name: string; email: string; role: SessionUser['role']; companyName: string | null };
  scope: Analysis['scope'];
  period: { from: string; to: string; timeZone: string };
  aedToKwdRate: number;
  /** The highest priority of the four. */
  priority: AnalysisPriority;
  analyses: Record<AnalysisType, Analysis>;
  /** The period report (orders by status, company and region, revenue, cash, riders) over the same days; an admin's or a company's only. */
  periodReport: Omit<Report, 'id'> | null;
}

/** Only the user themself or an admin; another user's id is refused before it is looked up, so ids leak nothing. */
export async function managerReport(db: Db, viewer: SessionUser, userId: string, opts: { now?: Date; aedToKwd: number }): Promise<ManagerReport> {
  if (viewer.role !== 'admin' && viewer.id !== userId) throw forbidden(msg('analysis.download.forbidden'));
  const user = await loadSessionUser(db, userId);
  if (!user) throw notFound(msg('analysis.download.notFound'));
  const now = opts.now ?? new Date();
  const ctx = await analysisContext(db, await actorFor(db, user), { now, aedToKwd: opts.aedToKwd });
  const list = await Promise.all(ANALYSIS_TYPES.map((type) => analyse(ctx, type)));
  const { actor, target, period } = ctx;
  let periodReport: ManagerReport['periodReport'] = null;
  if (target.kind !== 'rider') {
    const { id: _unsaved, ...report } = await buildReport(db, actor.companyId, { from: period.from, to: period.to }, opts.aedToKwd, '', now);
    periodReport = report;
  }
  const companyName = target.kind === 'system' ? target.name : (user.companyName ?? target.name);
  return {
    title: t('analysis.report.title'),
    fileName: orderFileName(companyName, period.to, 'json', 'delivery-report'),
    generatedAt: now.toISOString(),
    user: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, role: user.role, companyName: user.companyName },
    scope: { kind: target.kind, name: target.name },
    period: { from: period.from, to: period.to, timeZone: period.timeZone },
    aedToKwdRate: opts.aedToKwd,
    priority: highest(list.map((a) => a.priority)),
    analyses: Object.fromEntries(list.map((a) => [a.type, a])) as Record<AnalysisType, Analysis>,
    periodReport,
  };
}
