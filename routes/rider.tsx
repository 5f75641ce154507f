import { createFileRoute } from '@tanstack/react-router';
import { useT } from '../src/client/i18n';
import { PageHeader } from '../src/client/shell/PageHeader';
import { PortalGuard } from '../src/client/shell/PortalGuard';
import { AdminStatsGrid } from './-components/AdminStatsGrid';
import { RiderToday } from './-components/RiderToday';

export const Route = createFileRoute('/rider')({ component: RiderPage });

function RiderPage() {
  const t = useT();
  return (
    <PortalGuard route="/rider">
      {(user) => (
        <main className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6" data-testid="rider-portal">
          <PageHeader title={t('rider.title')} subtitle={user.companyName} role={user.role} />
          {user.role === 'admin' ? (
            <section className="space-y-3">
              <h2 className="text-lg font-semibold">{t('rider.adminView')}</h2>
              <AdminStatsGrid />
            </section>
          ) : (
            <RiderToday />
          )}
        </main>
      )}
    </PortalGuard>
  );
}
