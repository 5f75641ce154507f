import { createFileRoute } from '@tanstack/react-router';
import { useT } from '../src/client/i18n';
import { PageHeader } from '../src/client/shell/PageHeader';
import { PortalGuard } from '../src/client/shell/PortalGuard';
import { Badge } from '../src/client/ui/Badge';
import { AdminStatsGrid } from './-components/AdminStatsGrid';

export const Route = createFileRoute('/admin')({ component: AdminPage });

function AdminPage() {
  const t = useT();
  return (
    <PortalGuard route="/admin">
      {(user) => (
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
          <AdminStatsGrid />
        </main>
      )}
    </PortalGuard>
  );
}
