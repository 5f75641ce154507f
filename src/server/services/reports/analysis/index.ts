import type { Db } from '../../../../../db/client';
import { t } from '../../../../shared/i18n';
import type { Analysis, AnalysisType } from '../../../../shared/schemas/ai';
import { analysisContext, type AnalysisBody, type AnalysisContext } from './context';
import { financialAnalysis } from './financial';
import { hrAnalysis } from './hr';
import { legalAnalysis } from './legal';
import { performanceAnalysis } from './performance';
import type { Actor } from '../../access';

export type { AnalysisContext } from './context';
export type { FinancialFigures } from './financial';
export type { HrFigures } from './hr';
export type { LegalFigures } from './legal';
export type { PerformanceFigures } from './performance';
export { RULES, PRIORITY } from './rules';

const MODULES: Record<AnalysisType, (ctx: AnalysisContext) => Promise<AnalysisBody<object>>> = {
  financial: financialAnalysis,
  hr: hrAnalysis,
  legal: legalAnalysis,
  performance: performanceAnalysis,
};

/** One analysis on a context already loaded (the manager report runs all four on one). */
export async function analyse(ctx: AnalysisContext, type: AnalysisType): Promise<Analysis> {
  const body = await MODULES[type](ctx);
  return {
    type,
    timeframe: 'monthly',
    scope: { kind: ctx.target.kind, name: ctx.target.name },
    period: { from: ctx.period.from, to: ctx.period.to },
    analysis: body.analysis,
    recommendations: body.recommendations,
    priority: body.priority,
    figures: { timeZone: ctx.period.timeZone, ...body.figures },
  };
}

/**
 * Timeframe monthly (the calendar month to date in the scope's region) for the caller's scope: an admin
 * the whole system, a company its own fleet, a rider itself. Every number comes from the database; the
 * text, recommendations and priority come from templates over those figures.
 */
export async function runAnalysis(db: Db, scope: Actor, type: AnalysisType, opts: { now?: Date; aedToKwd: number }): Promise<Analysis> {
  return analyse(await analysisContext(db, scope, opts), type);
}

/** The analysis as plain text, for a chat reply. */
export function analysisSummaryText(analysis: Analysis): string {
  return [
    t('analysis.summary.title', { title: t(`analysis.type.${analysis.type}`), scope: analysis.scope.name, from: analysis.period.from, to: analysis.period.to }),
    analysis.analysis,
    ...(analysis.recommendations.length ? [t('analysis.summary.recommendations'), ...analysis.recommendations.map((r) => `- ${r}`)] : []),
    t('analysis.summary.priority', { priority: t(`analysis.priority.${analysis.priority}`) }),
  ].join('\n');
}
