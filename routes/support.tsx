import { createFileRoute } from '@tanstack/react-router';
import { useT } from '../src/client/i18n';
import { PageHeader } from '../src/client/shell/PageHeader';
import { PortalGuard } from '../src/client/shell/PortalGuard';

export const Route = createFileRoute('/support')({ component: SupportPage });

function SupportPage() {
  const t = useT();
  return (
    <PortalGuard route="/support">
      {(user) => (
        <main className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6" data-testid="support-page">
          <PageHeader title={t('support.title')} subtitle={t('support.subtitle')} role={user.role} />
          <p className="text-sm text-base-content/70">{t('support.signedInAs', { email: user.email })}</p>
        </main>
      )}
    </PortalGuard>
  );
}
