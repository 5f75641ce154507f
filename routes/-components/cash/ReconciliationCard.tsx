import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { numberText } from '../../../src/client/format';
import { useLocale, useT } from '../../../src/client/i18n';
import { trpc } from '../../../src/client/trpc';
import { Card } from '../../../src/client/ui/Card';
import { DateField } from '../../../src/client/ui/DateField';
import { Icon } from '../../../src/client/ui/Icon';
import { formatMoney } from '../../../src/shared/money';
import { REGIONS, dateLocale } from '../../../src/shared/regions';
import type { ReconciliationFigures } from '../../../src/shared/schemas/cash-limits';
import type { RouterOutputs } from '../../../src/server/trpc/root';

type Report = RouterOutputs['company']['reconciliation'];
type Row = Report['rows'][number];
type Total = Report['totals'][number];

/** Company cash tab (issue 9): one day's cash per rider and currency from the ledger, with totals, as a table and a CSV. */
export function ReconciliationCard() {
  const t = useT();
  const language = useLocale();
  const [date, setDate] = useState<string | undefined>(undefined);
  const { data: profile } = useQuery(trpc.company.profile.queryOptions());
  const { data, isPending, isError, isFetching } = useQuery({ ...trpc.company.reconciliation.queryOptions(date ? { date } : undefined), placeholderData: keepPreviousData });
  const region = REGIONS[data?.region ?? profile?.region ?? 'kuwait'];
  const longDate = (d: string) => new Intl.DateTimeFormat(dateLocale(region, language), { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`));
  const isToday = data ? data.date === data.today : true;

  return (
    <Card title={t('reconcile.report.title')}>
      <div className="space-y-4" data-testid="reconciliation" aria-busy={isFetching}>
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex w-full flex-col gap-1 sm:w-60">
            <span className="text-sm font-medium">{t('reconcile.report.date')}</span>
            {profile ? (
              <DateField
                value={data?.date ?? date ?? ''}
                onChange={(v) => v && setDate(v)}
                max={data?.today}
                weekend={profile.weekend}
                region={region}
                small
                testId="reconciliation-date"
              />
            ) : (
              <div className="skeleton h-8 w-full" />
            )}
          </label>
          <div className="join">
            <button type="button" className="btn btn-sm join-item" disabled={!data} onClick={() => data && setDate(data.previousDate)} data-testid="reconciliation-prev" aria-label={t('reconcile.report.previous')}>
              <Icon name="chevronLeft" className="size-4" />
            </button>
            <button type="button" className="btn btn-sm join-item" disabled={!data?.nextDate} onClick={() => data?.nextDate && setDate(data.nextDate)} data-testid="reconciliation-next" aria-label={t('reconcile.report.next')}>
              <Icon name="chevronRight" className="size-4" />
            </button>
          </div>
          {!isToday ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDate(undefined)} data-testid="reconciliation-today">
              {t('reconcile.report.today')}
            </button>
          ) : null}
          <a
            className={`btn btn-outline btn-sm sm:ms-auto ${data ? '' : 'btn-disabled'}`}
            href={data ? `/api/company/reconciliation.csv?date=${data.date}` : undefined}
            aria-disabled={data ? undefined : true}
            download
            data-testid="reconciliation-csv"
          >
            <Icon name="download" className="size-4" />
            {t('reconcile.report.downloadCsv')}
          </a>
        </div>
        {data ? (
          <div>
            <h3 className="font-semibold" data-testid="reconciliation-day" aria-live="polite">
              {longDate(data.date)}
            </h3>
            <p className="text-xs text-base-content/70">{t('reconcile.report.hint', { zone: t(data.region === 'uae' ? 'address.country.AE' : 'address.country.KW') })}</p>
          </div>
        ) : null}
        {isPending ? <div className="skeleton h-40 w-full" /> : null}
        {isError && !data ? <p className="text-sm text-error">{t('reconcile.report.error')}</p> : null}
        {data && data.rows.length === 0 ? (
          <p className="rounded-box border border-dashed border-base-300 p-6 text-center text-sm text-base-content/70" data-testid="reconciliation-empty">
            {t('reconcile.report.empty')}
          </p>
        ) : null}
        {data && data.rows.length > 0
          ? data.totals
              .filter((total) => total.riders > 0)
              .map((total) => <CurrencyTable key={total.currency} rows={data.rows.filter((r) => r.currency === total.currency)} total={total} showCurrency={data.totals.filter((x) => x.riders > 0).length > 1} />)
          : null}
      </div>
    </Card>
  );
}

const money = (minor: number, f: { currency: Row['currency'] }) => formatMoney(minor, f.currency);
const flagged = (minor: number) => (minor !== 0 ? 'bg-error/10 font-semibold text-error' : '');

function Figures({ f, currency }: { f: ReconciliationFigures; currency: Row['currency'] }) {
  return (
    <>
      <td className="text-end tabular-nums whitespace-nowrap">{money(f.collectedMinor, { currency })}</td>
      <td className="text-end tabular-nums whitespace-nowrap">{money(f.handedOverMinor, { currency })}</td>
      <td className="text-end tabular-nums whitespace-nowrap">{money(f.receivedMinor, { currency })}</td>
      <td className="text-end tabular-nums whitespace-nowrap">{money(f.outstandingMinor, { currency })}</td>
      <td className={`text-end tabular-nums whitespace-nowrap ${flagged(f.shortMinor)}`} data-testid="reconciliation-short">
        {money(f.shortMinor, { currency })}
      </td>
      <td className={`text-end tabular-nums whitespace-nowrap ${flagged(f.overMinor)}`} data-testid="reconciliation-over">
        {money(f.overMinor, { currency })}
      </td>
      <td className={`text-end tabular-nums ${flagged(f.discrepancyCount)}`}>{numberText(f.discrepancyCount)}</td>
      <td className={`text-end tabular-nums whitespace-nowrap ${flagged(f.unresolvedShortMinor)}`} data-testid="reconciliation-unresolved-short">
        {money(f.unresolvedShortMinor, { currency })}
      </td>
      <td className={`text-end tabular-nums whitespace-nowrap ${flagged(f.unresolvedOverMinor)}`} data-testid="reconciliation-unresolved-over">
        {money(f.unresolvedOverMinor, { currency })}
      </td>
    </>
  );
}

/** One currency: a row per rider and the total; scrolls sideways on a phone, the rider column stays put. */
function CurrencyTable({ rows, total, showCurrency }: { rows: Row[]; total: Total; showCurrency: boolean }) {
  const t = useT();
  return (
    <div className="overflow-x-auto rounded-box border border-base-300" data-testid="reconciliation-table" data-currency={total.currency}>
      <table className="table table-sm table-pin-cols">
        {showCurrency ? <caption className="px-3 py-2 text-start font-semibold">{total.currency}</caption> : null}
        <thead>
          <tr>
            <th>{t('reconcile.col.rider')}</th>
            <td className="text-end">{t('reconcile.col.collected')}</td>
            <td className="text-end">{t('reconcile.col.handedOver')}</td>
            <td className="text-end">{t('reconcile.col.received')}</td>
            <td className="text-end">{t('reconcile.col.outstanding')}</td>
            <td className="text-end">{t('reconcile.col.short')}</td>
            <td className="text-end">{t('reconcile.col.over')}</td>
            <td className="text-end">{t('reconcile.col.discrepancyCount')}</td>
            <td className="text-end">{t('reconcile.col.unresolvedShort')}</td>
            <td className="text-end">{t('reconcile.col.unresolvedOver')}</td>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.riderId}:${r.currency}`} className={r.shortMinor || r.overMinor || r.unresolvedShortMinor || r.unresolvedOverMinor ? 'bg-error/5' : ''} data-testid="reconciliation-row" data-rider={r.riderName}>
              <th className="max-w-40 truncate font-medium sm:max-w-none">{r.riderName}</th>
              <Figures f={r} currency={r.currency} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-base-300 font-semibold text-base-content" data-testid="reconciliation-total">
            <th>{t('reconcile.report.total')}</th>
            <Figures f={total} currency={total.currency} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
