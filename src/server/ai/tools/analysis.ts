import { ANALYSIS_TYPES, type AnalysisType } from '../../../shared/schemas/ai';
import { runAnalysis } from '../../services/analysis';
import { defineTool } from '../tool';
import { aedToKwdOf } from './context';

const COVERS: Record<AnalysisType, string> = {
  financial: 'revenue (delivery fees), cash collected and still outstanding per rider, and the KWD / AED split (system totals in KWD at the configured AED rate)',
  hr: 'riders active, hours worked, breaks and overtime',
  legal: 'compliance checks: missing or expired licence numbers, riders over the legal working hours, cash held too long',
  performance: 'orders per hour, efficiency against the target of 3 orders per hour, and completion',
};

/** analysis_financial, analysis_hr, analysis_legal, analysis_performance: one tool per analysis type. */
export const analysisTools = ANALYSIS_TYPES.map((type) =>
  defineTool({
    name: `analysis_${type}`,
    description: `The monthly ${type} analysis for the caller's scope (an admin the whole system, a company its own fleet, a rider itself): ${COVERS[type]}. Returns analysis (text), recommendations, priority (high, medium, low), the period (ISO 8601) and figures; every number in the text comes from figures, computed from the database.`,
    input: {},
    roles: ['admin', 'company', 'rider'],
    run: (db, scope, _input, now = new Date(), ctx) => runAnalysis(db, scope, type, { now, aedToKwd: aedToKwdOf(ctx) }),
  }),
);
