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
import { AddManagerBody } from '../managers/AddManagerBody';
import { ReissueBody } from '../managers/ReissueBody';
import { ReinstateButton, SuspendBody } from '../managers/SuspendBody';

type Account = { id: string; email: string; firstName: string; lastName: string };
type Dialog = { kind: 'reset' | 'reissue' | 'suspend'; account: Account } | { kind: 'add' } | null;

const TITLES = { reset: 'accounts.reset.title', reissue: 'managers.reissue.title', suspend: 'managers.suspend.title', add: 'managers.add.title' } as const;

/**
 * Every sign-in account (admins, managers, riders), with a one-time password reset link for each; company
 * managers also get a new invitation (until their first sign-in), suspend / reinstate, and Add manager.
 */
export function AccountsTable() {
  const t = useT();
  const { f, set, page, setPage } = useTableState({ q: '', role: '' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const { data, isPending } = useQuery({ ...trpc.admin.accounts.queryOptions({ ...compact(f), page, pageSize: 20 } as never), placeholderData: keepPreviousData });
  return (
    <div className="space-y-3" data-testid="accounts-table">
      <FilterBar>
        <SearchInput value={f.q} onChange={set('q')} />
        <EnumFilter value={f.role} onChange={set('role')} options={ROLES} allKey="accounts.allRoles" labelPrefix="role." label={t('accounts.role')} />
        <button type="button" className="btn btn-primary btn-sm ms-auto" onClick={() => setDialog({ kind: 'add' })} data-testid="add-manager">
          {t('managers.add')}
        </button>
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
                {a.role === 'company' && !a.lastSignInAt ? <Badge tone="ghost">{t('managers.neverSignedIn')}</Badge> : null}
                <div className="flex flex-wrap gap-1">
                  <button type="button" className="btn btn-outline btn-xs" disabled={a.disabled} onClick={() => setDialog({ kind: 'reset', account: a })} data-testid="account-reset">
                    {t('accounts.resetLink')}
                  </button>
                  {a.role === 'company' && !a.lastSignInAt && !a.disabled ? (
                    <button type="button" className="btn btn-outline btn-xs" onClick={() => setDialog({ kind: 'reissue', account: a })} data-testid="account-reissue">
                      {t('managers.reissue')}
                    </button>
                  ) : null}
                  {a.role === 'company' && !a.disabled ? (
                    <button type="button" className="btn btn-outline btn-error btn-xs" onClick={() => setDialog({ kind: 'suspend', account: a })} data-testid="account-suspend">
                      {t('managers.suspend')}
                    </button>
                  ) : null}
                  {a.role === 'company' && a.disabled ? <ReinstateButton account={a} /> : null}
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={data.page} pages={data.pages} total={data.total} onPage={setPage} />
        </>
      ) : null}
      <Modal open={dialog !== null} onClose={close} title={dialog ? t(TITLES[dialog.kind]) : ''} testId={dialog?.kind === 'reset' ? 'reset-link-dialog' : 'account-dialog'}>
        {dialog?.kind === 'reset' ? <ResetLinkBody account={dialog.account} /> : null}
        {dialog?.kind === 'reissue' ? <ReissueBody account={dialog.account} onDone={close} /> : null}
        {dialog?.kind === 'suspend' ? <SuspendBody account={dialog.account} onDone={close} /> : null}
        {dialog?.kind === 'add' ? <AddManagerBody onDone={close} /> : null}
      </Modal>
    </div>
  );
}
