import { createFileRoute } from '@tanstack/react-router';
import { useT } from '../src/client/i18n';
import { PageHeader } from '../src/client/shell/PageHeader';
import { PortalGuard } from '../src/client/shell/PortalGuard';
import { FleetList } from './-components/FleetList';

export const Route = createFileRoute('/company')({ component: CompanyPage });

function CompanyPage() {
  const t = useT();
  return (
    <PortalGuard route="/company">
      {(user) => (
        <main className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6" data-testid="company-portal">
          <PageHeader title={t('company.title')} subtitle={user.companyName} role={user.role} />
          <section className="space-y-3">
            <h2 className="text-lg font-semibold">{t('company.fleet.title')}</h2>
            <FleetList />
          </section>
        </main>
      )}
    </PortalGuard>
  );
}
