import { createFileRoute, useNavigate } from '@tanstack/react-router';
import type { MessageKey } from '../src/shared/i18n';
import { useT } from '../src/client/i18n';
import { oneOf } from '../src/client/search';
import { COMPANY_TABS, type CompanyTab } from '../src/shared/company-tabs';
import { PageHeader } from '../src/client/shell/PageHeader';
import { PortalGuard } from '../src/client/shell/PortalGuard';
import { CompanyDataButton } from './-components/company/CompanyDataButton';
import { Overview } from './-components/company/Overview';
import { WebhooksCard } from './-components/company/WebhooksCard';
import { WeekendCard } from './-components/company/WeekendCard';
import { WeeklyReport } from './-components/company/WeeklyReport';
import { OrdersTab } from './-components/company/OrdersTab';
import { TakeTour } from './-components/company/Tour';
import { FleetTab } from './-components/company/FleetTab';
import { DispatchSettingsCard } from './-components/company/dispatch/DispatchSettingsCard';
import { NeedsRiderAlert } from './-components/company/dispatch/NeedsRiderAlert';
import { FlaggedRecords } from './-components/company/FlaggedRecords';
import { FleetMap } from './-components/FleetMap';
import { HandoverInbox } from './-components/cash/HandoverInbox';
import { CashLimitsCard } from './-components/cash/CashLimitsCard';
import { ReconciliationCard } from './-components/cash/ReconciliationCard';
import { NoticesCard } from './-components/compliance/NoticesCard';
import { DocumentsOverview } from './-components/compliance/DocumentsOverview';
import { RulesCard } from './-components/compliance/RulesCard';

const TABS = COMPANY_TABS;

export const Route = createFileRoute('/company')({
  validateSearch: (search: Record<string, unknown>): { tab?: CompanyTab } => ({ tab: oneOf(TABS, search.tab) }),
  component: CompanyPage,
});

function CompanyPage() {
  const t = useT();
  const { tab = 'overview' } = Route.useSearch();
  const navigate = useNavigate({ from: '/company' });
  const setTab = (next: CompanyTab) => navigate({ search: { tab: next }, replace: true });
  return (
    <PortalGuard route="/company">
      {(user) => (
        <main className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6" data-testid="company-portal">
          <div data-tour="header">
            <PageHeader
              title={t('company.title')}
              subtitle={user.companyName}
              role={user.role}
              actions={
                <>
                  <TakeTour />
                  <CompanyDataButton />
                  <a href="/api/logout" className="btn btn-ghost btn-sm">
                    {t('company.action.signOut')}
                  </a>
                </>
              }
            />
          </div>
          <div role="tablist" className="tabs tabs-box w-full overflow-x-auto sm:w-fit" data-tour="navigation" data-testid="company-tabs">
            {TABS.map((k) => (
              <button key={k} type="button" role="tab" aria-selected={tab === k} className={`tab whitespace-nowrap ${tab === k ? 'tab-active' : ''}`} onClick={() => setTab(k)}>
                {t(`company.tab.${k}` as MessageKey)}
              </button>
            ))}
          </div>
          {tab === 'overview' ? <NeedsRiderAlert /> : null}
          {tab === 'overview' ? <Overview /> : null}
          {tab === 'overview' ? <FleetMap /> : null}
          {tab === 'overview' ? <WeeklyReport /> : null}
          {tab === 'overview' ? <WeekendCard /> : null}
          {tab === 'overview' ? <WebhooksCard /> : null}
          {tab === 'fleet' ? <FleetTab /> : null}
          {tab === 'cash' ? <HandoverInbox /> : null}
          {tab === 'cash' ? <ReconciliationCard /> : null}
          {tab === 'cash' ? <CashLimitsCard /> : null}
          {tab === 'compliance' ? <NoticesCard /> : null}
          {tab === 'compliance' ? <DocumentsOverview /> : null}
          {tab === 'compliance' ? <RulesCard /> : null}
          {tab === 'orders' ? <FlaggedRecords /> : null}
          {tab === 'orders' ? <OrdersTab /> : null}
          {tab === 'orders' ? <DispatchSettingsCard /> : null}
        </main>
      )}
    </PortalGuard>
  );
}
