import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { fromMinor, type Currency } from '../../../src/shared/money';
import { requiredPrivilege } from '../../../src/shared/permissions';
import { formatNumber } from '../../../src/shared/regions';
import { defaultReportPeriod, REPORT_ORDER_STATUSES, reportInput, type Report, type ReportMoney } from '../../../src/shared/schemas/reports';
import { money, percent, relativeTime } from '../../../src/client/format';
import { serverFieldError, useSchemaForm } from '../../../src/client/forms';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc, trpcClient } from '../../../src/client/trpc';
import { DateField } from '../../../src/client/ui/DateField';
import { FormField } from '../../../src/client/ui/FormField';
import { Modal } from '../../../src/client/ui/Modal';
import { REGION_WEEKEND } from '../../../src/shared/weekend';
import { WeekendLine } from '../company/WeekendCard';

const show = (m: ReportMoney, currency: Currency) => money(fromMinor(m.minor, currency), currency);

/** "Generate Reports": choose a period, generate, read the summary, download CSV or JSON. */
export function ReportsButton({ disabled = false }: { disabled?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const denied = t('guard.denied', { action: t('permission.generate-reports'), privilege: requiredPrivilege('generate-reports') });
  return (
    <>
      <button type="button" className="btn btn-primary" disabled={disabled} title={disabled ? denied : undefined} onClick={() => setOpen(true)} data-testid="reports-button">
        {t('admin.action.reports')}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('admin.action.reports')} testId="reports-modal">
        <ReportsPanel />
      </Modal>
    </>
  );
}

function ReportsPanel() {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useSchemaForm(reportInput, defaultReportPeriod());
  const [report, setReport] = useState<Report | null>(null);
  const recent = useQuery(trpc.admin.reports.queryOptions());
  const m = useMutation({
    mutationFn: (input: { from: string; to: string }) => trpcClient.admin.generateReport.mutate(input),
    onSuccess: async (res) => {
      setReport(res.report);
      toast({ title: t('admin.toast.reportsGenerated'), variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: trpc.admin.reports.queryKey() });
    },
    onError: (err) => {
      const fields = serverFieldError(err);
      if (fields) form.setErrors(fields);
      toast({ title: t('admin.toast.reportError'), description: t('admin.toast.reportErrorText'), variant: 'destructive' });
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const data = form.validate(form.values);
    if (data) m.mutate(data);
  };
  const { values: v, set, errors: err } = form;
  const others = (recent.data ?? []).filter((r) => r.id !== report?.id).slice(0, 5);
  return (
    <div className="space-y-5" data-testid="reports-panel">
      <form className="grid grid-cols-2 items-start gap-3 sm:grid-cols-[1fr_1fr_auto]" onSubmit={onSubmit} noValidate>
        <FormField label={t('admin.reports.from')} error={err.from}>
          <DateField name="from" value={v.from} max={v.to || undefined} onChange={(value) => set('from')({ target: { value } })} weekend={REGION_WEEKEND.kuwait} label={t('admin.reports.from')} required testId="report-from" />
        </FormField>
        <FormField label={t('admin.reports.to')} error={err.to}>
          <DateField name="to" value={v.to} min={v.from || undefined} onChange={(value) => set('to')({ target: { value } })} weekend={REGION_WEEKEND.kuwait} label={t('admin.reports.to')} required testId="report-to" />
        </FormField>
        <div className="fieldset col-span-2 py-0 sm:col-span-1">
          {/* An empty legend keeps the button level with the inputs beside it. */}
          <span className="fieldset-legend hidden pb-1 sm:block" aria-hidden="true">&nbsp;</span>
          <button type="submit" className="btn btn-primary w-full" disabled={m.isPending} data-testid="reports-generate">
            {m.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {m.isPending ? t('admin.reports.generating') : t('admin.reports.generate')}
          </button>
        </div>
        <p className="col-span-2 text-xs text-base-content/70 sm:col-span-3">{t('admin.reports.hint')}</p>
        {/* The admin's report covers every company: Kuwait's Fri–Sat, the system's home region (no company filter here). */}
        <WeekendLine weekend={REGION_WEEKEND.kuwait} className="col-span-2 sm:col-span-3" />
      </form>
      {report ? <ReportSummary report={report} /> : null}
      {others.length ? (
        <section className="space-y-2">
          <h3 className="text-sm font-semibold">{t('admin.reports.recent')}</h3>
          <ul className="divide-y divide-base-300 rounded-box border border-base-300">
            {others.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span>
                  <span className="font-medium tabular-nums">{t('admin.reports.period', { from: r.from, to: r.to })}</span>
                  <span className="ms-2 text-base-content/70">
                    {r.companyName ?? t('admin.reports.scopeAll')} · {t('admin.reports.orders', { count: r.totalOrders })} · {relativeTime(r.createdAt)}
                  </span>
                </span>
                <Downloads id={r.id} small />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function Downloads({ id, small = false }: { id: string; small?: boolean }) {
  const t = useT();
  const cls = `btn btn-outline ${small ? 'btn-xs' : 'btn-sm flex-1 sm:flex-none'}`;
  return (
    <span className="flex gap-2">
      <a className={cls} href={`/api/reports/${id}.csv`} download data-testid="report-csv">
        {small ? 'CSV' : t('admin.reports.downloadCsv')}
      </a>
      <a className={cls} href={`/api/reports/${id}.json`} download data-testid="report-json">
        {small ? 'JSON' : t('admin.reports.downloadJson')}
      </a>
    </span>
  );
}

/** A figure that reads as one line on a phone and as a tile from sm up. */
function Amount({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-box border border-base-300 px-4 py-3 sm:block">
      <dt className="text-sm text-base-content/70">
        {label}
        {hint ? <span className="block text-xs text-base-content/70">{hint}</span> : null}
      </dt>
      <dd className="text-lg font-bold tabular-nums sm:mt-1 sm:text-xl">{value}</dd>
    </div>
  );
}

function ReportSummary({ report: r }: { report: Report }) {
  const t = useT();
  const top = r.riders.slice(0, 5);
  return (
    <section className="space-y-4" data-testid="report-summary" aria-live="polite">
      <div className="flex flex-wrap items-baseline justify-between gap-1">
        <h3 className="font-semibold tabular-nums">{t('admin.reports.period', { from: r.from, to: r.to })}</h3>
        <span className="text-sm text-base-content/70">{r.scope.companyName ?? t('admin.reports.scopeAll')}</span>
      </div>

      <div>
        <h4 className="mb-2 text-sm font-medium text-base-content/70">{t('admin.reports.ordersByStatus')}</h4>
        <dl className="grid grid-cols-4 gap-2 sm:grid-cols-7" data-testid="report-statuses">
          {REPORT_ORDER_STATUSES.map((s) => (
            <div key={s} className="rounded-box bg-base-200 px-2 py-1.5 text-center">
              <dt className="truncate text-xs text-base-content/70">{t(`admin.reports.status.${s}`)}</dt>
              <dd className="text-lg font-bold tabular-nums">{r.orders.byStatus[s]}</dd>
            </div>
          ))}
          <div className="rounded-box bg-primary/10 px-2 py-1.5 text-center">
            <dt className="text-xs text-base-content/70">{t('admin.reports.total')}</dt>
            <dd className="text-lg font-bold tabular-nums">{r.orders.total}</dd>
          </div>
        </dl>
      </div>

      <dl className="grid gap-2 sm:grid-cols-3" data-testid="report-revenue">
        <Amount label={t('admin.reports.revenueKwd')} value={show(r.revenue.KWD, 'KWD')} />
        <Amount label={t('admin.reports.revenueAed')} value={show(r.revenue.AED, 'AED')} />
        <Amount label={t('admin.reports.revenueTotal')} value={show(r.revenue.totalKwd, 'KWD')} hint={t('admin.reports.rateHint', { rate: r.aedToKwdRate })} />
      </dl>

      <div>
        <h4 className="mb-2 text-sm font-medium text-base-content/70">{t('admin.reports.topRiders')}</h4>
        {top.length ? (
          <div className="overflow-x-auto rounded-box border border-base-300">
            <table className="table table-xs sm:table-sm" data-testid="report-riders">
              <thead>
                <tr>
                  <th>{t('admin.reports.rider')}</th>
                  <th className="whitespace-normal text-end">{t('admin.reports.delivered')}</th>
                  <th className="whitespace-normal text-end">{t('admin.reports.successRate')}</th>
                  <th className="whitespace-normal text-end">{t('admin.reports.avgMinutes')}</th>
                </tr>
              </thead>
              <tbody>
                {top.map((p) => (
                  <tr key={p.riderId}>
                    <td>
                      <div className="font-medium">{p.name}</div>
                      <div className="text-xs text-base-content/70">{p.companyName}</div>
                    </td>
                    <td className="text-end tabular-nums">{p.delivered}</td>
                    <td className="text-end tabular-nums">{p.successRate === null ? '–' : percent(p.successRate)}</td>
                    <td className="text-end tabular-nums">{p.avgDeliveryMinutes === null ? '–' : formatNumber(p.avgDeliveryMinutes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-base-content/70">{t('admin.reports.noRiders')}</p>
        )}
      </div>

      <Downloads id={r.id} />
    </section>
  );
}
