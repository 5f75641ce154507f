import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { can } from '../src/shared/permissions';
import type { MessageKey } from '../src/shared/i18n';
import { useT } from '../src/client/i18n';
import { PageHeader } from '../src/client/shell/PageHeader';
import { PortalGuard } from '../src/client/shell/PortalGuard';
import { Badge } from '../src/client/ui/Badge';
import { Modal } from '../src/client/ui/Modal';
import { AdminStatsGrid } from './-components/AdminStatsGrid';
import { FleetMap } from './-components/FleetMap';
import { CompanyForm } from './-components/admin/CompanyForm';
import { OrderForm } from './-components/admin/OrderForm';
import { RiderForm } from './-components/admin/RiderForm';
import { ReportsButton } from './-components/admin/ReportsButton';
import { SyncButton } from './-components/admin/SyncButton';
import { OversightTabs } from './-components/admin/oversight/OversightTabs';
import { RegionRulesAdmin } from './-components/compliance/RegionRulesAdmin';

export const Route = createFileRoute('/admin')({ component: AdminPage });

type Dialog = 'rider' | 'order' | 'company' | null;
const TITLES: Record<Exclude<Dialog, null>, MessageKey> = {
  rider: 'admin.action.addRider',
  order: 'admin.action.addOrder',
  company: 'admin.action.addCompany',
};

function AdminPage() {
  const t = useT();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <PortalGuard route="/admin">
      {(user) => {
        const canOrders = can(user.role, 'manage-orders');
        return (
          <main className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6" data-testid="admin-portal">
            <PageHeader
              title={t('admin.title')}
              role={user.role}
              badges={
                <Badge tone="success" testId="system-online">
                  <span className="status status-success" aria-hidden="true" /> {t('badge.systemOnline')}
                </Badge>
              }
            />
            <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap" data-testid="admin-actions">
              <button type="button" className="btn btn-primary" onClick={() => setDialog('rider')}>
                {t('admin.action.addRider')}
              </button>
              <span className={canOrders ? 'contents' : 'tooltip'} data-tip={canOrders ? undefined : t('guard.adminRequired')}>
                <button
                  type="button"
                  className="btn btn-primary w-full sm:w-auto"
                  disabled={!canOrders}
                  title={canOrders ? undefined : t('guard.adminRequired')}
                  onClick={() => setDialog('order')}
                >
                  {t('admin.action.addOrder')}
                </button>
              </span>
              <button type="button" className="btn btn-primary" onClick={() => setDialog('company')}>
                {t('admin.action.addCompany')}
              </button>
              <SyncButton role={user.role} />
              <ReportsButton disabled={!can(user.role, 'generate-reports')} />
            </div>
            <AdminStatsGrid />
            <FleetMap />
            <OversightTabs />
            <RegionRulesAdmin />
            <Modal open={dialog !== null} onClose={close} title={dialog ? t(TITLES[dialog]) : ''} testId="admin-modal">
              {dialog === 'rider' ? <RiderForm onDone={close} /> : null}
              {dialog === 'order' ? <OrderForm onDone={close} /> : null}
              {dialog === 'company' ? <CompanyForm onDone={close} /> : null}
            </Modal>
          </main>
        );
      }}
    </PortalGuard>
  );
}
