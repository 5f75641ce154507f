import { createFileRoute } from '@tanstack/react-router';
import { useT } from '../src/client/i18n';
import { PageHeader } from '../src/client/shell/PageHeader';
import { PortalGuard } from '../src/client/shell/PortalGuard';
import { RiderToday } from './-components/RiderToday';

export const Route = createFileRoute('/app')({ component: RiderApp });

function RiderApp() {
  const t = useT();
  return (
    <PortalGuard route="/app">
      {(user) => (
        <main className="mx-auto max-w-xl space-y-6 px-4 py-6" data-testid="rider-app">
          <PageHeader title={t('app.title')} subtitle={user.companyName} role={user.role} />
          <RiderToday />
        </main>
      )}
    </PortalGuard>
  );
}
