import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useT } from '../src/client/i18n';
import { text } from '../src/client/search';
import { OfflineLine } from '../src/client/shell/OfflineLine';
import { PageHeader } from '../src/client/shell/PageHeader';
import { PortalGuard } from '../src/client/shell/PortalGuard';
import { AdminStatsGrid } from './-components/AdminStatsGrid';
import { AdminRiderView } from './-components/rider/AdminRiderView';
import { CaptureButtons } from './-components/rider/CaptureButtons';
import { OwnDashboard } from './-components/rider/OwnDashboard';

export const Route = createFileRoute('/rider')({
  // An admin's chosen rider stays in the address, so a reload or a shared link shows the same rider.
  validateSearch: (search: Record<string, unknown>): { rider?: string } => ({ rider: text(search.rider, 40, { trim: true }) }),
  component: RiderPage,
});

function RiderPage() {
  const t = useT();
  const { rider } = Route.useSearch();
  const navigate = useNavigate({ from: '/rider' });
  return (
    <PortalGuard route="/rider">
      {(user) => (
        <main className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6" data-testid="rider-portal">
          <PageHeader title={t('rider.title')} subtitle={user.companyName} role={user.role} actions={user.role === 'rider' ? <CaptureButtons /> : undefined} />
          {user.role === 'rider' ? <OfflineLine /> : null}
          {user.role === 'admin' ? (
            <>
              <section className="space-y-3">
                <h2 className="text-lg font-semibold">{t('rider.adminView')}</h2>
                <AdminStatsGrid />
              </section>
              <AdminRiderView riderId={rider} onPick={(id) => navigate({ search: id ? { rider: id } : {}, replace: !id })} />
            </>
          ) : (
            <OwnDashboard user={user} />
          )}
        </main>
      )}
    </PortalGuard>
  );
}
