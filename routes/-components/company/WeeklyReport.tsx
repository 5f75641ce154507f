import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { numberText } from '../../../src/client/format';
import { useLocale, useT } from '../../../src/client/i18n';
import { trpc } from '../../../src/client/trpc';
import { Card } from '../../../src/client/ui/Card';
import { Icon } from '../../../src/client/ui/Icon';
import { CURRENCIES, formatMoney, type Currency } from '../../../src/shared/money';
import { REGIONS, dateLocale } from '../../../src/shared/regions';
import type { MinorByCurrency, WeeklyFigures, WeeklyReport as Report } from '../../../src/shared/schemas/reports';
import { WEEKEND_LABEL } from '../../../src/shared/weekend';

/** Noon UTC of a calendar date, formatted in UTC: the same calendar day in any language. */
const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** The company's currency always; another only when the week has some (a company's orders are normally all in its own). */
function amounts(m: MinorByCurrency, main: Currency): string {
  return CURRENCIES.filter((c) => c === main || m[c])
    .map((c) => formatMoney(m[c], c))
    .join(' + ');
}

function useFormat(report: Report | undefined) {
  const t = useT();
  const language = useLocale();
  const locale = dateLocale(REGIONS[report?.region ?? 'kuwait'], language);
  const date = (d: string, o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...o, timeZone: 'UTC' }).format(noon(d));
  return {
    day: (d: string) => date(d, { weekday: 'long' }),
    short: (d: string) => date(d, { day: 'numeric', month: 'short' }),
    range: (from: string, to: string) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).formatRange(noon(from), noon(to)),
    duty: (minutes: number) => {
      const [h, m] = [Math.floor(minutes / 60), minutes % 60];
      if (!h) return t('gulf.weekly.minutes', { minutes: numberText(m) });
      return m ? t('gulf.weekly.hours', { hours: numberText(h), minutes: numberText(m) }) : t('gulf.weekly.hoursOnly', { hours: numberText(h) });
    },
    money: (m: MinorByCurrency) => amounts(m, report?.currency ?? 'KWD'),
  };
}

/** Company overview (issue 8): the working week day by day, weekend days marked, a week back and forth, as CSV. */
export function WeeklyReport() {
  const t = useT();
  const [weekStart, setWeekStart] = useState<string | undefined>(undefined);
  const { data, isPending, isError, isFetching } = useQuery({ ...trpc.company.weeklyReport.queryOptions(weekStart ? { weekStart } : undefined), placeholderData: keepPreviousData });
  const f = useFormat(data);
  const current = data ? data.weekStart >= data.currentWeekStart : true;
  return (
    <Card title={t('gulf.weekly.title')}>
      <div className="space-y-4" data-testid="weekly-report" aria-busy={isFetching}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="join">
            <button type="button" className="btn btn-sm join-item" disabled={!data} onClick={() => data && setWeekStart(data.previousWeekStart)} data-testid="weekly-prev">
              <Icon name="chevronLeft" className="size-4" />
              {t('gulf.weekly.previous')}
            </button>
            <button type="button" className="btn btn-sm join-item" disabled={!data || current} onClick={() => data && setWeekStart(data.nextWeekStart)} data-testid="weekly-next">
              {t('gulf.weekly.next')}
              <Icon name="chevronRight" className="size-4" />
            </button>
          </div>
          <div className="flex gap-2">
            {!current ? (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setWeekStart(undefined)} data-testid="weekly-this">
                {t('gulf.weekly.thisWeek')}
              </button>
            ) : null}
            <a className={`btn btn-outline btn-sm ${data ? '' : 'btn-disabled'}`} href={data ? `/api/company/reports/weekly.csv?weekStart=${data.weekStart}` : undefined} download data-testid="weekly-csv">
              <Icon name="download" className="size-4" />
              {t('gulf.weekly.downloadCsv')}
            </a>
          </div>
        </div>
        {data ? (
          <div>
            <h3 className="font-semibold tabular-nums" data-testid="weekly-range" aria-live="polite">
              {f.range(data.weekStart, data.weekEnd)}
            </h3>
            <p className="text-xs text-base-content/70">
              {t('gulf.weekly.hint', { weekend: t(WEEKEND_LABEL[data.weekend]), zone: t(data.region === 'uae' ? 'address.country.AE' : 'address.country.KW') })}
            </p>
          </div>
        ) : null}
        {isPending ? <div className="skeleton h-64 w-full" /> : null}
        {isError && !data ? <p className="text-sm text-error">{t('gulf.weekly.error')}</p> : null}
        {data ? <WeekTable report={data} f={f} /> : null}
        {data ? <WeekList report={data} f={f} /> : null}
      </div>
    </Card>
  );
}

type Format = ReturnType<typeof useFormat>;

function Cells({ v, f }: { v: WeeklyFigures; f: Format }) {
  return (
    <>
      <td className="text-end tabular-nums">{numberText(v.ordersCreated)}</td>
      <td className="text-end tabular-nums">{numberText(v.delivered)}</td>
      <td className="text-end tabular-nums">{numberText(v.cancelled)}</td>
      <td className="text-end tabular-nums whitespace-nowrap">{f.money(v.revenue)}</td>
      <td className="text-end tabular-nums whitespace-nowrap">{f.money(v.codCollected)}</td>
      <td className="text-end tabular-nums">{numberText(v.activeRiders)}</td>
      <td className="text-end tabular-nums whitespace-nowrap">{f.duty(v.dutyMinutes)}</td>
    </>
  );
}

/** From md up: a row per day and the week's total. */
function WeekTable({ report, f }: { report: Report; f: Format }) {
  const t = useT();
  return (
    <div className="hidden overflow-x-auto rounded-box border border-base-300 md:block">
      <table className="table table-sm" data-testid="weekly-table">
        <thead>
          <tr>
            <th>{t('gulf.weekly.day')}</th>
            <th className="text-end">{t('gulf.weekly.created')}</th>
            <th className="text-end">{t('gulf.weekly.delivered')}</th>
            <th className="text-end">{t('gulf.weekly.cancelled')}</th>
            <th className="text-end">{t('gulf.weekly.revenue')}</th>
            <th className="text-end">{t('gulf.weekly.cod')}</th>
            <th className="text-end">{t('gulf.weekly.riders')}</th>
            <th className="text-end">{t('gulf.weekly.duty')}</th>
          </tr>
        </thead>
        <tbody>
          {report.days.map((d) => (
            <tr key={d.date} className={d.weekend ? 'bg-secondary/5' : ''} data-testid="weekly-row" data-date={d.date} data-weekend={d.weekend}>
              <th className="font-normal">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{f.day(d.date)}</span>
                  <span className="text-base-content/70 tabular-nums">{f.short(d.date)}</span>
                  {d.weekend ? <WeekendBadge /> : null}
                </span>
              </th>
              <Cells v={d} f={f} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-base-300 font-semibold text-base-content" data-testid="weekly-total">
            <th>{t('gulf.weekly.total')}</th>
            <Cells v={report.totals} f={f} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** A value over its label: four, then three to a row on a phone. */
function Tile({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={`flex flex-col-reverse justify-end ${wide ? 'col-span-4' : 'col-span-3'}`}>
      <dt className="text-[11px] leading-tight text-base-content/70">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function DayFigures({ v, f }: { v: WeeklyFigures; f: Format }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-12 gap-x-2 gap-y-2 text-sm">
      <Tile label={t('gulf.weekly.created')} value={numberText(v.ordersCreated)} />
      <Tile label={t('gulf.weekly.delivered')} value={numberText(v.delivered)} />
      <Tile label={t('gulf.weekly.cancelled')} value={numberText(v.cancelled)} />
      <Tile label={t('gulf.weekly.riders')} value={numberText(v.activeRiders)} />
      <Tile wide label={t('gulf.weekly.revenue')} value={f.money(v.revenue)} />
      <Tile wide label={t('gulf.weekly.cod')} value={f.money(v.codCollected)} />
      <Tile wide label={t('gulf.weekly.duty')} value={f.duty(v.dutyMinutes)} />
    </dl>
  );
}

/** Below md: a short block per day, then the total. */
function WeekList({ report, f }: { report: Report; f: Format }) {
  const t = useT();
  return (
    <ul className="space-y-2 md:hidden" data-testid="weekly-list">
      {report.days.map((d) => (
        <li key={d.date} className={`rounded-box border px-3 py-2.5 ${d.weekend ? 'border-secondary/40 bg-secondary/5' : 'border-base-300'}`} data-testid="weekly-card" data-date={d.date} data-weekend={d.weekend}>
          <div className="mb-1.5 flex items-center justify-between gap-2">
            <span>
              <span className="font-medium">{f.day(d.date)}</span> <span className="text-sm text-base-content/70 tabular-nums">{f.short(d.date)}</span>
            </span>
            {d.weekend ? <WeekendBadge /> : null}
          </div>
          <DayFigures v={d} f={f} />
        </li>
      ))}
      <li className="rounded-box border-2 border-base-300 bg-base-200/60 px-3 py-2.5" data-testid="weekly-card-total">
        <div className="mb-1.5 font-semibold">{t('gulf.weekly.total')}</div>
        <DayFigures v={report.totals} f={f} />
      </li>
    </ul>
  );
}

function WeekendBadge() {
  const t = useT();
  return (
    <span className="badge badge-soft badge-secondary badge-sm -my-0.5 whitespace-nowrap font-medium" data-testid="weekly-weekend">
      {t('gulf.weekly.weekend')}
    </span>
  );
}
