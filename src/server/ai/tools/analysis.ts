import { z } from 'zod';
import { ANALYSIS_PRIORITIES, ANALYSIS_TYPES, type AnalysisType } from '../../../shared/schemas/ai';
import { runAnalysis } from '../../services/reports';
import { defineTool } from '../tool';
import { aedToKwdOf } from './context';
import { instant } from './output';

const TITLES: Record<AnalysisType, string> = {
  financial: 'Monthly financial analysis',
  hr: 'Monthly HR analysis',
  legal: 'Monthly compliance analysis',
  performance: 'Monthly performance analysis',
};

const output = z.object({
  type: z.enum(ANALYSIS_TYPES),
  timeframe: z.literal('monthly'),
  scope: z.object({ kind: z.enum(['system', 'company', 'rider']), name: z.string() }),
  period: z.object({ from: instant, to: instant }),
  analysis: z.string(),
  recommendations: z.array(z.string()),
  priority: z.enum(ANALYSIS_PRIORITIES),
  figures: z.record(z.string(), z.unknown()).describe('The figures every number in the text comes from; their names depend on the type.'),
});

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
    title: TITLES[type],
    description: `The monthly ${type} analysis for the caller's scope (an admin the whole system, a company its own fleet, a rider itself): ${COVERS[type]}. Returns analysis (text), recommendations, priority (high, medium, low), the period (ISO 8601) and figures; every number in the text comes from figures, computed from the database.`,
    input: {},
    output,
    readOnly: true,
    permission: null,
    run: (db, scope, _input, now = new Date(), ctx) => runAnalysis(db, scope, type, { now, aedToKwd: aedToKwdOf(ctx) }),
  }),
);
