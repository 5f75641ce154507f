import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ROLES } from '../../../../src/shared/permissions';
import { useT } from '../../../../src/client/i18n';
import { trpc } from '../../../../src/client/trpc';
import { Badge } from '../../../../src/client/ui/Badge';
import { Modal } from '../../../../src/client/ui/Modal';
import { Pagination } from '../../../../src/client/ui/Pagination';
import { roleLabelKey } from '../../../../src/client/ui/RoleBadges';
import { compact, EnumFilter, FilterBar, SearchInput } from './filters';
import { ResetLinkBody } from './ResetLinkBody';
import { useTableState } from './useTableState';

type Account = { id: string; email: string; firstName: string; lastName: string };

/** Every sign-in account (admins, managers, riders), with a one-time password reset link for each. */
export function AccountsTable() {
  const t = useT();
  const { f, set, page, setPage } = useTableState({ q: '', role: '' });
  const [resetFor, setResetFor] = useState<Account | null>(null);
  const { data, isPending } = useQuery({ ...trpc.admin.accounts.queryOptions({ ...compact(f), page, pageSize: 20 } as never), placeholderData: keepPreviousData });
  return (
    <div className="space-y-3" data-testid="accounts-table">
      <FilterBar>
        <SearchInput value={f.q} onChange={set('q')} />
        <EnumFilter value={f.role} onChange={set('role')} options={ROLES} allKey="accounts.allRoles" labelPrefix="role." label={t('accounts.role')} />
      </FilterBar>
      {isPending ? <div className="skeleton h-64 w-full" /> : null}
      {data && data.items.length === 0 ? <p className="py-8 text-center text-base-content/70">{t('oversight.empty')}</p> : null}
      {data && data.items.length > 0 ? (
        <>
          <ul className="grid gap-2 lg:grid-cols-2">
            {data.items.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3" data-testid="account-row">
                <div className="min-w-0 grow">
                  <p className="font-semibold" dir="auto">
                    {`${a.firstName} ${a.lastName}`.trim()} {a.companyName ? <span className="text-sm font-normal text-base-content/70">· {a.companyName}</span> : null}
                  </p>
                  <p className="truncate text-sm text-base-content/70" dir="ltr">
                    {a.email}
                  </p>
                </div>
                <Badge tone="primary">{t(roleLabelKey(a.role))}</Badge>
                {a.disabled ? <Badge tone="warning">{t('accounts.suspended')}</Badge> : null}
                {!a.hasPassword ? <Badge tone="ghost">{t('accounts.noPassword')}</Badge> : null}
                <button type="button" className="btn btn-outline btn-xs" disabled={a.disabled} onClick={() => setResetFor(a)} data-testid="account-reset">
                  {t('accounts.resetLink')}
                </button>
              </li>
            ))}
          </ul>
          <Pagination page={data.page} pages={data.pages} total={data.total} onPage={setPage} />
        </>
      ) : null}
      <Modal open={resetFor !== null} onClose={() => setResetFor(null)} title={t('accounts.reset.title')} testId="reset-link-dialog">
        {resetFor ? <ResetLinkBody account={resetFor} /> : null}
      </Modal>
    </div>
  );
}
