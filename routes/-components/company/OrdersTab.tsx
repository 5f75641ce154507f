import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { localIsoDate, orderFileName } from '../../../src/shared/schemas/order-import';
import { regionOfCurrency } from '../../../src/shared/regions';
import { useT } from '../../../src/client/i18n';
import { saveJson } from '../../../src/client/download';
import { toast } from '../../../src/client/toast';
import { trpc, trpcClient } from '../../../src/client/trpc';
import { Modal } from '../../../src/client/ui/Modal';
import { OrderForm } from '../admin/OrderForm';
import { EnumFilter } from '../admin/oversight/filters';
import { ORDER_FILTERS, OrdersTable, type OrdersTableApi } from '../admin/oversight/OrdersTable';
import { useTableState } from '../admin/oversight/useTableState';
import { ImportOrders } from './ImportOrders';
import { TrackingLink } from './TrackingLink';

const SOURCES = ['form', 'import', 'seed'] as const;

function useOwnActiveRiders() {
  const { data } = useQuery(trpc.company.riders.queryOptions());
  return data?.filter((r) => r.status === 'active');
}

/** The admin's orders table and detail, on the company's own procedures (scoped to its company on the server). */
export const companyOrdersApi: OrdersTableApi = {
  list: trpc.company.orderList,
  detail: trpc.company.orderDetail,
  assign: trpc.company.assignOrder,
  move: trpc.company.setOrderStatus,
  useRiders: useOwnActiveRiders,
  refresh: trpc.company.pathKey(),
  extra: (o) => <TrackingLink code={o.trackingCode} companyName={o.companyName} />,
};

/** Downloads the spec's JSON report (company, riderCount, orders, revenue, date) as a file. */
function useExportReport() {
  const t = useT();
  return useMutation({
    mutationFn: () => trpcClient.company.exportReport.query(),
    onSuccess: (report) => {
      const day = localIsoDate(new Date(report.date), regionOfCurrency(report.currency).timezone);
      const file = orderFileName(report.company, day, 'json', 'report');
      saveJson(report, file);
      toast({ title: t('companyOrders.exported'), description: t('companyOrders.exportedText', { count: report.orders.length, file }), variant: 'success' });
    },
    onError: (err) => toast({ title: t('companyOrders.exportFailed'), description: err.message, variant: 'destructive' }),
  });
}

/** The real order system: create, import, list, follow and export this company's orders. */
export function OrdersTab() {
  const t = useT();
  const table = useTableState(ORDER_FILTERS);
  const [dialog, setDialog] = useState<'create' | 'import' | null>(null);
  const { data: profile } = useQuery(trpc.company.profile.queryOptions());
  const exportReport = useExportReport();
  const samples = table.f.source === 'seed';
  return (
    <section className="space-y-4" data-testid="company-orders" data-tour="orders">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="me-auto text-lg font-semibold">{t('companyOrders.heading')}</h2>
        <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:flex-wrap sm:items-center" data-testid="orders-toolbar">
          <button type="button" className="btn btn-primary btn-sm" disabled={!profile} onClick={() => setDialog('create')}>
            {t('companyOrders.create')}
          </button>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setDialog('import')}>
            {t('companyOrders.import')}
          </button>
          <div className="join col-span-2 flex">
            <button type="button" className="btn btn-outline btn-sm join-item flex-1 whitespace-nowrap sm:flex-none" disabled={exportReport.isPending} onClick={() => exportReport.mutate()} data-testid="export-report">
              {t('companyOrders.export')}
            </button>
            <a className="btn btn-outline btn-sm join-item flex-1 whitespace-nowrap sm:flex-none" href="/api/company/orders/export.csv" download data-testid="export-csv">
              {t('companyOrders.exportCsv')}
            </a>
          </div>
          <button type="button" className={`btn btn-sm ${samples ? 'btn-secondary' : 'btn-ghost'}`} aria-pressed={samples} onClick={() => table.set('source')(samples ? '' : 'seed')}>
            {samples ? t('companyOrders.allOrders') : t('companyOrders.samples')}
          </button>
          <Link to="/contact" className="btn btn-ghost btn-sm">
            {t('companyOrders.requestDemo')}
          </Link>
        </div>
      </div>
      {samples ? (
        <p className="text-sm text-base-content/70" data-testid="samples-note">
          {t('companyOrders.samplesNote')}
        </p>
      ) : null}
      <OrdersTable
        api={companyOrdersApi}
        tenant
        table={table}
        weekend={profile?.weekend}
        sourceFilter={
          <EnumFilter value={table.f.source} onChange={table.set('source')} options={SOURCES} allKey="companyOrders.source.all" labelPrefix="companyOrders.source." label={t('companyOrders.source')} />
        }
      />
      <Modal open={dialog === 'create'} onClose={() => setDialog(null)} title={t('companyOrders.create')} testId="create-order">
        {profile ? <OrderForm company={profile} send={(input) => trpcClient.company.createOrder.mutate(input)} onDone={() => setDialog(null)} /> : null}
      </Modal>
      <ImportOrders open={dialog === 'import'} onClose={() => setDialog(null)} />
    </section>
  );
}
