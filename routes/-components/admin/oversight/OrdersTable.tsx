import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ORDER_STATUSES } from '../../../../src/shared/schemas/oversight';
import { REGIONS } from '../../../../src/shared/regions';
import { formatDateTime, regionOfCurrency } from '../../../../src/shared/regions';
import { money } from '../../../../src/client/format';
import { useT } from '../../../../src/client/i18n';
import { trpc } from '../../../../src/client/trpc';
import { DateField } from '../../../../src/client/ui/DateField';
import { Pagination } from '../../../../src/client/ui/Pagination';
import { CompanyFilter, compact, EnumFilter, FilterBar, RegionFilter, SearchInput } from './filters';
import { adminOrderApi, OrderDetail, type OrderDetailApi } from './OrderDetail';
import { OrderEtaShort } from './OrderEta';
import { OrderStatusBadge } from './StatusBadge';
import { useTableState } from './useTableState';
import { REGION_WEEKEND, weekendOf, type Weekend } from '../../../../src/shared/weekend';
import { WeekendLine } from '../../company/WeekendCard';
import { OrderAddress } from '../../address/OrderAddress';
import { ZonedTime } from '../../../../src/client/ui/ZonedTime';

export const ORDER_FILTERS = { q: '', companyId: '', status: '', region: '', from: '', to: '', source: '' };
export type OrdersTableState = ReturnType<typeof useTableState<typeof ORDER_FILTERS>>;

/** The admin's table, or (tenant) one company's own: no company filter or column, a source filter instead. */
export interface OrdersTableApi extends OrderDetailApi {
  list: typeof trpc.admin.orderList;
}
const adminOrdersTableApi: OrdersTableApi = { ...adminOrderApi, list: trpc.admin.orderList };

/**
 * `weekend`: the tenant's own (from its profile). The admin's table shows the chosen company's weekend,
 * or Kuwait's Fri–Sat while no company is chosen (the system's home region; kept simple).
 */
export function OrdersTable({ api = adminOrdersTableApi, tenant = false, table, sourceFilter, weekend }: { api?: OrdersTableApi; tenant?: boolean; table?: OrdersTableState; sourceFilter?: ReactNode; weekend?: Weekend } = {}) {
  const t = useT();
  const own = useTableState(ORDER_FILTERS);
  const { f, set, page, setPage } = table ?? own;
  const [openId, setOpenId] = useState<string | null>(null);
  const companies = useQuery({ ...trpc.admin.companies.queryOptions(), enabled: !tenant && !!f.companyId });
  const chosen = tenant ? undefined : companies.data?.find((c) => c.id === f.companyId);
  const shownWeekend = tenant ? weekend : chosen ? weekendOf(chosen) : REGION_WEEKEND.kuwait;
  // The calendar's Arabic and "today" follow the company's region (the tenant's profile is already cached by its tab).
  const profile = useQuery({ ...trpc.company.profile.queryOptions(), enabled: tenant });
  const shownRegion = REGIONS[(tenant ? profile.data?.region : chosen?.region) ?? 'kuwait'];
  const { data, isPending } = useQuery({
    ...api.list.queryOptions({ ...compact(f), page, pageSize: 20 } as never),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="space-y-3" data-testid="orders-table">
      <FilterBar>
        <SearchInput value={f.q} onChange={set('q')} />
        {tenant ? sourceFilter : <CompanyFilter value={f.companyId} onChange={set('companyId')} />}
        <EnumFilter value={f.status} onChange={set('status')} options={ORDER_STATUSES} allKey="oversight.allStatuses" labelPrefix="orderStatus." label={t('oversight.col.status')} />
        {tenant ? null : <RegionFilter value={f.region} onChange={set('region')} />}
        <label className="text-xs">
          {t('oversight.from')}
          <DateField small value={f.from} max={f.to || undefined} onChange={set('from')} weekend={shownWeekend ?? REGION_WEEKEND.kuwait} region={shownRegion} label={t('oversight.from')} testId="filter-from" />
        </label>
        <label className="text-xs">
          {t('oversight.to')}
          <DateField small value={f.to} min={f.from || undefined} onChange={set('to')} weekend={shownWeekend ?? REGION_WEEKEND.kuwait} region={shownRegion} label={t('oversight.to')} testId="filter-to" />
        </label>
        {shownWeekend ? <WeekendLine weekend={shownWeekend} className="col-span-2 sm:pb-2" /> : null}
      </FilterBar>
      {isPending ? <div className="skeleton h-64 w-full" /> : null}
      {data && data.items.length === 0 ? <p className="py-8 text-center text-base-content/70">{t('oversight.empty')}</p> : null}
      {data && data.items.length > 0 ? (
        <>
          <ul className="space-y-2 md:hidden">
            {data.items.map((o) => (
              <li key={o.id}>
                <button type="button" className="w-full rounded-box border border-base-300 bg-base-100 p-3 text-start" onClick={() => setOpenId(o.id)}>
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-semibold">{o.customerName}</span>
                    <OrderStatusBadge status={o.status} />
                  </div>
                  <OrderAddress className="block truncate text-sm text-base-content/70" text={o.deliveryAddress} parts={o.deliveryAddressParts} />
                  <OrderEtaShort order={o} />
                  <p className="mt-1 flex justify-between text-xs text-base-content/70">
                    <span>{tenant ? formatDateTime(new Date(o.createdAt), regionOfCurrency(o.currency)) : o.companyName}</span>
                    <span className="tabular-nums">{money(o.deliveryFee, o.currency)}</span>
                  </p>
                </button>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th>{t('oversight.col.date')}</th>
                  <th>{t('oversight.col.customer')}</th>
                  {tenant ? null : <th>{t('oversight.col.company')}</th>}
                  <th>{t('oversight.col.rider')}</th>
                  <th>{t('oversight.col.status')}</th>
                  <th className="text-end">{t('oversight.col.fee')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {data.items.map((o) => (
                  <tr key={o.id} className="hover:bg-base-200">
                    <td className="whitespace-nowrap">
                      {/* The admin's list mixes Kuwait and Dubai: each time says its zone (a company's list is all in its own). */}
                      {tenant ? formatDateTime(new Date(o.createdAt), regionOfCurrency(o.currency)) : <ZonedTime at={o.createdAt} region={regionOfCurrency(o.currency)} testId="order-created-at" />}
                    </td>
                    <td>{o.customerName}</td>
                    {tenant ? null : <td>{o.companyName}</td>}
                    <td>{o.riderName ?? <span className="text-base-content/70">{t('oversight.unassigned')}</span>}</td>
                    <td>
                      <OrderStatusBadge status={o.status} />
                      <OrderEtaShort order={o} />
                    </td>
                    <td className="text-end tabular-nums">{money(o.deliveryFee, o.currency)}</td>
                    <td>
                      <button type="button" className="btn btn-ghost btn-xs" onClick={() => setOpenId(o.id)}>
                        {t('oversight.view')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={data.page} pages={data.pages} total={data.total} onPage={setPage} />
        </>
      ) : null}
      <OrderDetail id={openId} onClose={() => setOpenId(null)} api={api} />
    </div>
  );
}
