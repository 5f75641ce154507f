import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../../src/client/i18n';
import { trpc } from '../../../../src/client/trpc';
import { Icon } from '../../../../src/client/ui/Icon';
import { formatDateTime, REGIONS } from '../../../../src/shared/regions';
import { OrderDetail } from '../../admin/oversight/OrderDetail';
import { companyOrdersApi } from '../OrdersTab';

/** Looked at again this often while the dashboard is open (and when it comes back to the front). */
const REFRESH_MS = 30_000;

/** Issue 25: orders automatic dispatch gave back ("needs a rider"), on the company dashboard, each with a way to assign it. */
export function NeedsRiderAlert() {
  const t = useT();
  const { data } = useQuery({ ...trpc.company.needsRider.queryOptions(), refetchInterval: REFRESH_MS, refetchOnWindowFocus: true });
  const { data: profile } = useQuery(trpc.company.profile.queryOptions());
  const [openId, setOpenId] = useState<string | null>(null);
  if (!data?.length) return null;
  const region = REGIONS[profile?.region ?? 'kuwait'];
  return (
    <section role="alert" className="alert alert-warning alert-vertical items-stretch sm:alert-horizontal" data-testid="needs-rider">
      <Icon name="alert" className="size-6 shrink-0" />
      <div className="w-full min-w-0 space-y-2">
        <div>
          <h2 className="font-semibold">{t('needsRider.title')}</h2>
          <p className="text-sm">{t('needsRider.text')}</p>
        </div>
        <ul className="divide-y divide-warning-content/15 rounded-box bg-base-100 text-base-content">
          {data.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm" data-testid="needs-rider-order">
              <div className="min-w-0 flex-1">
                <p className="font-medium">{o.customerName}</p>
                <p className="truncate text-base-content/70">{o.pickupAddress}</p>
                <p className="text-xs text-base-content/70">
                  {o.dispatchAttempts > 0 ? t('needsRider.attempts', { count: o.dispatchAttempts }) : t('needsRider.nobody')} · {t('needsRider.waiting', { time: formatDateTime(new Date(o.createdAt), region) })}
                </p>
              </div>
              <button type="button" className="btn btn-primary btn-sm" onClick={() => setOpenId(o.id)} data-testid="needs-rider-assign">
                {t('needsRider.assign')}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <OrderDetail id={openId} onClose={() => setOpenId(null)} api={companyOrdersApi} />
    </section>
  );
}
