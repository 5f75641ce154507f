import { and, eq, inArray } from 'drizzle-orm';
import { riderDocuments } from '../../../../../db/schema';
import { t } from '../../../../shared/i18n';
import { localIsoDate } from '../../../../shared/schemas/order-import';
import { documentStatus } from '../../../../shared/schemas/documents';
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
    /** Driving licences (rider documents, issue 9) expired or expiring within 30 days, today in the scope's zone. */
    licenceExpiry: { status: CheckStatus; riders: { riderId: string; name: string; expiresOn: string; expired: boolean }[] };
    /** Local days over RULES.maxDayHours and working weeks (from the day after the company's weekend) over RULES.maxWeekHours, in the period. */
    workingHours: { status: CheckStatus; riders: { riderId: string; name: string; days: { date: string; hours: number }[]; weeks: { weekOf: string; hours: number }[] }[] };
    /** Stretches of more than RULES.maxStretchHours of work without a break, in the period. */
    restBreaks: { status: CheckStatus; stretches: number; riders: { riderId: string; name: string; stretches: number }[] };
    /** Cash held longer than RULES.cashHoldHours, now (FIFO over the ledger's hand entries: cash.ts). */
    cashHeld: { status: CheckStatus; total: ByCurrency<MoneyFigure>; riders: { riderId: string; name: string; amount: MoneyFigure }[] };
  };
}

export async function legalAnalysis(ctx: AnalysisContext): Promise<AnalysisBody<LegalFigures>> {
  const { target, period, riders } = ctx;
  const fleet = riders.filter((r) => r.status !== 'inactive');
  const [duty, cash, licences] = await Promise.all([ctx.duty(), ctx.cash(), licencesOf(ctx, fleet.map((r) => r.id))]);
  const today = localIsoDate(ctx.now, target.timeZone);
  const licenceDue = licences
    .map((d) => ({ riderId: d.riderId, name: ctx.nameOf(d.riderId), expiresOn: d.expiresOn, ...documentStatus(d.expiresOn, today) }))
    .filter((d) => d.status !== 'valid')
    .map(({ riderId, name, expiresOn, status }) => ({ riderId, name, expiresOn, expired: status === 'expired' }));
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
  const failed = [noLicence.length, licenceDue.length, overHours.length, noRest.length, held.length].filter(Boolean).length;

  const text = [
    t('analysis.legal.summary', { scope: target.name, from: period.from, to: period.to, failed, checks: 5 }),
    noLicence.length ? t('analysis.legal.licenceMissing', { names: names(noLicence) }) : t('analysis.legal.licenceOk'),
    licenceDue.length ? t('analysis.legal.licenceExpiry', { names: names(licenceDue) }) : t('analysis.legal.licenceExpiryOk'),
    overHours.length
      ? t('analysis.legal.overHours', { ...params, names: names(overHours), days: count(overHours.reduce((n, r) => n + r.days.length, 0), 'day'), weeks: count(overHours.reduce((n, r) => n + r.weeks.length, 0), 'week') })
      : t('analysis.legal.overHoursOk', params),
    noRest.length ? t('analysis.legal.rest', { ...params, stretches: count(stretches, 'stretch'), names: names(noRest) }) : t('analysis.legal.restOk', params),
    held.length ? t('analysis.legal.cash', { ...params, amount: amountsText(heldTotal, target.currencies), names: heldNames }) : t('analysis.legal.cashOk', params),
  ];

  const recommendations: string[] = [];
  if (noLicence.length) recommendations.push(t('analysis.legal.rec.licence', { names: names(noLicence) }));
  if (licenceDue.length) recommendations.push(t('analysis.legal.rec.expiry', { names: names(licenceDue) }));
  if (overHours.length) recommendations.push(t('analysis.legal.rec.hours', { ...params, names: names(overHours) }));
  if (noRest.length) recommendations.push(t('analysis.legal.rec.rest', { ...params, names: names(noRest) }));
  if (held.length) recommendations.push(t('analysis.legal.rec.cash', { ...params, names: heldNames, amount: amountsText(heldTotal, target.currencies) }));

  return {
    analysis: text.join(' '),
    recommendations,
    priority: priorityOf({ high: overHours.length > 0 || held.length > 0 || licenceDue.some((d) => d.expired), medium: licenceDue.length > 0 || noLicence.length > 0 || noRest.length > 0 }),
    figures: {
      rules: { ...RULES, basis: t('analysis.legal.basis') },
      checks: {
        licenceNumber: { status: statusOf(noLicence.length), riders: noLicence },
        licenceExpiry: { status: statusOf(licenceDue.length), riders: licenceDue },
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

/** The driving licences on record for these riders. */
async function licencesOf(ctx: AnalysisContext, riderIds: string[]) {
  if (riderIds.length === 0) return [];
  return ctx.db
    .select({ riderId: riderDocuments.riderId, expiresOn: riderDocuments.expiresOn })
    .from(riderDocuments)
    .where(and(inArray(riderDocuments.riderId, riderIds), eq(riderDocuments.type, 'driving_licence')));
}
