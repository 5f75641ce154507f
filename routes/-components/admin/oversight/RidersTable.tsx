import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MessageKey } from '../../../../src/shared/i18n';
import { RIDER_STATUSES } from '../../../../src/shared/schemas/oversight';
import { relativeTime } from '../../../../src/client/format';
import { useT } from '../../../../src/client/i18n';
import { trpc } from '../../../../src/client/trpc';
import { Badge } from '../../../../src/client/ui/Badge';
import { PhoneText } from '../../../../src/client/ui/Phone';
import { Modal } from '../../../../src/client/ui/Modal';
import { Pagination } from '../../../../src/client/ui/Pagination';
import { CompanyFilter, compact, EnumFilter, FilterBar, RegionFilter, SearchInput } from './filters';
import { RiderEdit, type EditableRider } from './RiderEdit';
import { useSaveFeedback } from './useSaveFeedback';
import { useTableState } from './useTableState';

export function RidersTable() {
  const t = useT();
  const { f, set, page, setPage } = useTableState({ q: '', companyId: '', status: '', region: '' });
  const [editing, setEditing] = useState<EditableRider | null>(null);
  const { data, isPending } = useQuery({ ...trpc.admin.riderList.queryOptions({ ...compact(f), page, pageSize: 20 } as never), placeholderData: keepPreviousData });
  const toggle = useMutation(trpc.admin.riderSetActive.mutationOptions(useSaveFeedback()));
  return (
    <div className="space-y-3" data-testid="riders-table">
      <FilterBar>
        <SearchInput value={f.q} onChange={set('q')} />
        <CompanyFilter value={f.companyId} onChange={set('companyId')} />
        <EnumFilter value={f.status} onChange={set('status')} options={RIDER_STATUSES} allKey="oversight.allStatuses" labelPrefix="status." label={t('oversight.col.status')} />
        <RegionFilter value={f.region} onChange={set('region')} />
      </FilterBar>
      {isPending ? <div className="skeleton h-64 w-full" /> : null}
      {data && data.items.length === 0 ? <p className="py-8 text-center text-base-content/70">{t('oversight.empty')}</p> : null}
      {data && data.items.length > 0 ? (
        <>
          <ul className="grid gap-2 lg:grid-cols-2">
            {data.items.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3" data-testid="admin-rider-row">
                <div className="min-w-0 grow">
                  <p className="font-semibold">
                    {r.name} <span className="text-sm font-normal text-base-content/70">· {r.companyName}</span>
                  </p>
                  <p className="text-sm text-base-content/70">
                    {t(`vehicle.${r.vehicleType}` as MessageKey)} · <span dir="ltr">{r.licenseNumber}</span> · <PhoneText phone={r.phone} />
                  </p>
                  <p className="text-xs text-base-content/70">{r.lastSeenAt ? t('company.fleet.lastSeen', { when: relativeTime(r.lastSeenAt) ?? '' }) : t('company.fleet.neverSeen')}</p>
                </div>
                <Badge tone={r.status === 'active' ? 'success' : 'warning'}>{t(`status.${r.status}` as MessageKey)}</Badge>
                <div className="flex gap-1">
                  <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(r)}>
                    {t('oversight.edit')}
                  </button>
                  <button type="button" className="btn btn-outline btn-xs" disabled={toggle.isPending} onClick={() => toggle.mutate({ id: r.id, active: r.status !== 'active' })}>
                    {r.status === 'active' ? t('oversight.deactivate') : t('oversight.reactivate')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={data.page} pages={data.pages} total={data.total} onPage={setPage} />
        </>
      ) : null}
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={t('oversight.editRider')}>
        {editing ? <RiderEdit rider={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </div>
  );
}
