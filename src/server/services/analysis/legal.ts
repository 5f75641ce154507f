import { t } from '../../../shared/i18n';
import type { AnalysisBody, AnalysisContext } from './context';
import { amountsText, count, moneyFigure, namesText, type ByCurrency, type MoneyFigure } from './format';
import { priorityOf, RULES } from './rules';

type CheckStatus = 'ok' | 'issue';
const statusOf = (issues: number): CheckStatus => (issues ? 'issue' : 'ok');

export interface LegalFigures {
  rules: typeof RULES & { basis: string };
  checks: {
    /** Riders on the fleet (active or suspended) without a licence number. */
    licenceNumber: { status: CheckStatus; riders: { riderId: string; name: string }[] };
    /** Not checkable: the rider record has no expiry date. */
    licenceExpiry: { status: 'not-checked'; reason: string };
    /** Local days over RULES.maxDayHours and working weeks (from the day after the company's weekend) over RULES.maxWeekHours, in the period. */
    workingHours: { status: CheckStatus; riders: { riderId: string; name: string; days: { date: string; hours: number }[]; weeks: { weekOf: string; hours: number }[] }[] };
    /** Stretches of more than RULES.maxStretchHours of work without a break, in the period. */
    restBreaks: { status: CheckStatus; stretches: number; riders: { riderId: string; name: string; stretches: number }[] };
    /** Cash of deliveries older than RULES.cashHoldHours not covered by hand-overs, now. */
    cashHeld: { status: CheckStatus; total: ByCurrency<MoneyFigure>; riders: { riderId: string; name: string; amount: MoneyFigure }[] };
  };
}

export async function legalAnalysis(ctx: AnalysisContext): Promise<AnalysisBody<LegalFigures>> {
  const { target, period, riders } = ctx;
  const [duty, cash] = await Promise.all([ctx.duty(), ctx.cash()]);
  const fleet = riders.filter((r) => r.status !== 'inactive');
  const noLicence = fleet.filter((r) => !r.licenseNumber.trim()).map((r) => ({ riderId: r.id, name: r.name }));
  const overHours = riders
    .map((r) => ({ riderId: r.id, name: r.name, days: duty.get(r.id)!.longDays, weeks: duty.get(r.id)!.longWeeks }))
    .filter((r) => r.days.length || r.weeks.length);
  const noRest = riders.map((r) => ({ riderId: r.id, name: r.name, stretches: duty.get(r.id)!.longStretches })).filter((r) => r.stretches > 0);
  const stretches = noRest.reduce((n, r) => n + r.stretches, 0);
  const held = cash.filter((c) => c.overdueMinor > 0).sort((a, b) => b.overdueMinor - a.overdueMinor);
  const heldTotal: ByCurrency<number> = { KWD: 0, AED: 0 };
  for (const c of held) heldTotal[c.currency] += c.overdueMinor;
  const params = { maxDay: RULES.maxDayHours, maxWeek: RULES.maxWeekHours, limit: RULES.maxStretchHours, hours: RULES.cashHoldHours, normal: RULES.normalDayHours, overtimeCap: RULES.maxDayHours - RULES.normalDayHours };
  const names = (rows: { name: string }[]) => namesText([...new Set(rows.map((r) => r.name))]);
  const heldNames = names(held.map((c) => ({ name: ctx.nameOf(c.riderId) })));
  const failed = [noLicence.length, overHours.length, noRest.length, held.length].filter(Boolean).length;

  const text = [
    t('analysis.legal.summary', { scope: target.name, from: period.from, to: period.to, failed, checks: 4 }),
    noLicence.length ? t('analysis.legal.licenceMissing', { names: names(noLicence) }) : t('analysis.legal.licenceOk'),
    t('analysis.legal.licenceExpiry'),
    overHours.length
      ? t('analysis.legal.overHours', { ...params, names: names(overHours), days: count(overHours.reduce((n, r) => n + r.days.length, 0), 'day'), weeks: count(overHours.reduce((n, r) => n + r.weeks.length, 0), 'week') })
      : t('analysis.legal.overHoursOk', params),
    noRest.length ? t('analysis.legal.rest', { ...params, stretches: count(stretches, 'stretch'), names: names(noRest) }) : t('analysis.legal.restOk', params),
    held.length ? t('analysis.legal.cash', { ...params, amount: amountsText(heldTotal, target.currencies), names: heldNames }) : t('analysis.legal.cashOk', params),
  ];

  const recommendations: string[] = [];
  if (noLicence.length) recommendations.push(t('analysis.legal.rec.licence', { names: names(noLicence) }));
  if (overHours.length) recommendations.push(t('analysis.legal.rec.hours', { ...params, names: names(overHours) }));
  if (noRest.length) recommendations.push(t('analysis.legal.rec.rest', { ...params, names: names(noRest) }));
  if (held.length) recommendations.push(t('analysis.legal.rec.cash', { ...params, names: heldNames, amount: amountsText(heldTotal, target.currencies) }));
  recommendations.push(t('analysis.legal.rec.expiry'));

  return {
    analysis: text.join(' '),
    recommendations,
    priority: priorityOf({ high: overHours.length > 0 || held.length > 0, medium: noLicence.length > 0 || noRest.length > 0 }),
    figures: {
      rules: { ...RULES, basis: t('analysis.legal.basis') },
      checks: {
        licenceNumber: { status: statusOf(noLicence.length), riders: noLicence },
        licenceExpiry: { status: 'not-checked', reason: t('analysis.legal.licenceExpiry') },
        workingHours: { status: statusOf(overHours.length), riders: overHours },
        restBreaks: { status: statusOf(noRest.length), stretches, riders: noRest },
        cashHeld: {
          status: statusOf(held.length),
          total: { KWD: moneyFigure(heldTotal.KWD, 'KWD'), AED: moneyFigure(heldTotal.AED, 'AED') },
          riders: held.map((c) => ({ riderId: c.riderId, name: ctx.nameOf(c.riderId), amount: moneyFigure(c.overdueMinor, c.currency) })),
        },
      },
    },
  };
}
