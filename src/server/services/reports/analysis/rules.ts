import type { AnalysisPriority } from '../../../../shared/schemas/ai';

/**
 * Every threshold an analysis applies, in one place (documented in docs/spec-decisions.md).
 * Working time: Kuwait Private Sector Labour Law No. 6 of 2010 (arts. 64–66) and UAE Federal
 * Decree-Law No. 33 of 2021 (arts. 15, 17, 19) both set 8 h a day and 48 h a week, at most 2 h of
 * overtime a day, and a rest of at least one hour after 5 consecutive hours of work.
 */
export const RULES = {
  /** Hours worked beyond this in one local day are overtime. */
  normalDayHours: 8,
  /** More than this in one local day is over the legal working hours (8 h + 2 h overtime). */
  maxDayHours: 10,
  /** More than this in one working week (from the day after the company's weekend) is over the legal working hours. */
  maxWeekHours: 48,
  /** A stretch of work longer than this without a break breaks the rest rule. */
  maxStretchHours: 5,
  /** Cash collected on a delivery and not handed over after this long is held too long. */
  cashHoldHours: 24,
} as const;

/** Priority thresholds, per analysis. */
export const PRIORITY = {
  financial: {
    /** Fees lost to failed and cancelled orders, as a share of the fees at stake (delivered + lost). */
    lostShareHigh: 25,
    lostShareMedium: 10,
  },
  hr: {
    /** Overtime as a share of all hours worked. */
    overtimeShareHigh: 20,
  },
  performance: {
    /** Below these (percent) is high priority: the spec's red efficiency, or a poor completion rate. */
    efficiencyHigh: 60,
    completionHigh: 80,
    /** Below these is medium: short of the spec's green efficiency, or of a 90% completion rate. */
    efficiencyMedium: 80,
    completionMedium: 90,
  },
} as const;

const RANK: Record<AnalysisPriority, number> = { low: 0, medium: 1, high: 2 };

/** The highest priority whose condition holds, else low. */
export function priorityOf(conditions: Partial<Record<Exclude<AnalysisPriority, 'low'>, boolean>>): AnalysisPriority {
  return conditions.high ? 'high' : conditions.medium ? 'medium' : 'low';
}

/** The highest of several priorities (low when there are none). */
export const highest = (priorities: readonly AnalysisPriority[]): AnalysisPriority => priorities.reduce<AnalysisPriority>((p, q) => (RANK[q] > RANK[p] ? q : p), 'low');
