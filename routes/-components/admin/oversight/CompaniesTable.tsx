import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../../src/client/i18n';
import { trpc } from '../../../../src/client/trpc';
import { Badge } from '../../../../src/client/ui/Badge';
import { Modal } from '../../../../src/client/ui/Modal';
import { Pagination } from '../../../../src/client/ui/Pagination';
import { CompanyEdit, type EditableCompany } from './CompanyEdit';
import { compact, FilterBar, RegionFilter, SearchInput } from './filters';
import { useSaveFeedback } from './useSaveFeedback';
import { useTableState } from './useTableState';

export function CompaniesTable() {
  const t = useT();
  const { f, set, page, setPage } = useTableState({ q: '', region: '' });
  const [editing, setEditing] = useState<EditableCompany | null>(null);
  const { data, isPending } = useQuery({ ...trpc.admin.companyList.queryOptions({ ...compact(f), page, pageSize: 20 } as never), placeholderData: keepPreviousData });
  const toggle = useMutation(trpc.admin.companySetActive.mutationOptions(useSaveFeedback()));
  return (
    <div className="space-y-3" data-testid="companies-table">
      <FilterBar>
        <SearchInput value={f.q} onChange={set('q')} />
        <RegionFilter value={f.region} onChange={set('region')} />
      </FilterBar>
      {isPending ? <div className="skeleton h-40 w-full" /> : null}
      {data && data.items.length === 0 ? <p className="py-8 text-center text-base-content/70">{t('oversight.empty')}</p> : null}
      {data && data.items.length > 0 ? (
        <>
          <ul className="grid gap-2 lg:grid-cols-2">
            {data.items.map((c) => (
              <li key={c.id} className="rounded-box border border-base-300 bg-base-100 p-4" data-testid="admin-company-row">
                <div className="flex flex-wrap items-start gap-2">
                  <div className="min-w-0 grow">
                    <p className="font-semibold">{c.name}</p>
                    <p className="text-sm text-base-content/70">
                      {c.contactPerson || '—'} · <bdi dir="ltr">{c.email}</bdi>
                    </p>
                  </div>
                  <Badge tone="primary">{c.currency}</Badge>
                  {c.active ? null : <Badge tone="warning">{t('oversight.inactive')}</Badge>}
                </div>
                <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
                  <span>
                    {t('oversight.col.riders')}: <b className="tabular-nums">{c.riders}</b>
                  </span>
                  <span>
                    {t('oversight.col.orders')}: <b className="tabular-nums">{c.orders}</b>
                  </span>
                  <span className="ms-auto flex gap-1">
                    <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(c)}>
                      {t('oversight.edit')}
                    </button>
                    <button type="button" className="btn btn-outline btn-xs" disabled={toggle.isPending} onClick={() => toggle.mutate({ id: c.id, active: !c.active })}>
                      {c.active ? t('oversight.deactivate') : t('oversight.reactivate')}
                    </button>
                  </span>
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={data.page} pages={data.pages} total={data.total} onPage={setPage} />
        </>
      ) : null}
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={t('oversight.editCompany')}>
        {editing ? <CompanyEdit company={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </div>
  );
}
