import { t } from '../../../../shared/i18n';
import type { AnalysisBody, AnalysisContext } from './context';
import { count, hoursOf, minutesOf, namesText, percent, round1 } from './format';
import { PRIORITY, priorityOf, RULES } from './rules';

export interface HrFigures {
  riders: { total: number; active: number; suspended: number; inactive: number; worked: number; onDutyNow: number };
  hours: { worked: number; shifts: number; averagePerWorkingRider: number | null };
  breaks: { count: number; minutes: number; averageMinutes: number | null; stretchesOverLimit: number };
  overtime: { hours: number; riders: number; sharePercent: number | null; normalDayHours: number };
  perRider: { riderId: string; name: string; status: string; hours: number; shifts: number; daysWorked: number; breaks: number; breakMinutes: number; overtimeHours: number }[];
}

export async function hrAnalysis(ctx: AnalysisContext): Promise<AnalysisBody<HrFigures>> {
  const { target, period, riders } = ctx;
  const duty = await ctx.duty();
  const rows = riders.map((r) => ({ rider: r, d: duty.get(r.id)! }));
  const total = (pick: (d: (typeof rows)[number]['d']) => number) => rows.reduce((n, r) => n + pick(r.d), 0);
  const workedMs = total((d) => d.workedMs);
  const overtimeMs = total((d) => d.overtimeMs);
  const breakCount = total((d) => d.breaks);
  const breakMs = total((d) => d.breakMs);
  const longStretches = total((d) => d.longStretches);
  const working = rows.filter((r) => r.d.workedMs > 0);
  const overtimeRiders = rows.filter((r) => r.d.overtimeMs > 0);
  const idle = rows.filter((r) => r.rider.status === 'active' && r.d.workedMs === 0);
  const status = (s: string) => riders.filter((r) => r.status === s).length;
  const overtimeShare = percent(overtimeMs, workedMs);
  const params = { from: period.from, to: period.to, normal: RULES.normalDayHours, limit: RULES.maxStretchHours };

  const text: string[] = [];
  if (target.kind !== 'rider') {
    text.push(t('analysis.hr.riders', { scope: target.name, total: count(riders.length, 'rider'), active: status('active'), suspended: status('suspended'), inactive: status('inactive'), worked: working.length, onDuty: riders.filter((r) => r.onDuty).length }));
  }
  if (workedMs > 0) {
    text.push(t('analysis.hr.hours', { ...params, hours: hoursOf(workedMs), shifts: count(total((d) => d.shifts), 'shift') }));
    if (target.kind !== 'rider') text.push(t('analysis.hr.average', { average: hoursOf(workedMs / working.length) }));
    text.push(breakCount ? t('analysis.hr.breaks', { breaks: count(breakCount, 'break'), minutes: minutesOf(breakMs), average: round1(breakMs / 60_000 / breakCount) }) : t('analysis.hr.noBreaks'));
    text.push(
      overtimeMs > 0
        ? t('analysis.hr.overtime', { ...params, overtime: hoursOf(overtimeMs), riders: count(overtimeRiders.length, 'rider'), share: overtimeShare ?? 0 })
        : t('analysis.hr.noOvertime', params),
    );
  } else text.push(t('analysis.hr.noDuty', params));

  const recommendations: string[] = [];
  if (overtimeRiders.length) recommendations.push(t('analysis.hr.rec.overtime', { names: namesText(overtimeRiders.map((r) => r.rider.name)), overtime: hoursOf(overtimeMs) }));
  if (idle.length) recommendations.push(t('analysis.hr.rec.idle', { names: namesText(idle.map((r) => r.rider.name)) }));
  if (longStretches) recommendations.push(t('analysis.hr.rec.breaks', { ...params, stretches: count(longStretches, 'stretch') }));
  if (!recommendations.length) recommendations.push(t('analysis.hr.rec.ok'));

  return {
    analysis: text.join(' '),
    recommendations,
    priority: priorityOf({
      high: (overtimeShare ?? 0) >= PRIORITY.hr.overtimeShareHigh,
      medium: overtimeMs > 0 || idle.length > 0 || longStretches > 0,
    }),
    figures: {
      riders: { total: riders.length, active: status('active'), suspended: status('suspended'), inactive: status('inactive'), worked: working.length, onDutyNow: riders.filter((r) => r.onDuty).length },
      hours: { worked: hoursOf(workedMs), shifts: total((d) => d.shifts), averagePerWorkingRider: working.length ? hoursOf(workedMs / working.length) : null },
      breaks: { count: breakCount, minutes: minutesOf(breakMs), averageMinutes: breakCount ? round1(breakMs / 60_000 / breakCount) : null, stretchesOverLimit: longStretches },
      overtime: { hours: hoursOf(overtimeMs), riders: overtimeRiders.length, sharePercent: overtimeShare, normalDayHours: RULES.normalDayHours },
      perRider: rows.map(({ rider, d }) => ({
        riderId: rider.id,
        name: rider.name,
        status: rider.status,
        hours: hoursOf(d.workedMs),
        shifts: d.shifts,
        daysWorked: d.days.length,
        breaks: d.breaks,
        breakMinutes: minutesOf(d.breakMs),
        overtimeHours: hoursOf(d.overtimeMs),
      })),
    },
  };
}
