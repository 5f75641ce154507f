import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useT } from '../src/client/i18n';
import { useSession } from '../src/client/session';
import { PageHeader } from '../src/client/shell/PageHeader';
import { FullScreenLoader } from '../src/client/ui/Spinner';
import { ChangePasswordCard } from './-components/account/ChangePasswordCard';
import { SignOutEverywhereCard } from './-components/account/SignOutEverywhereCard';

export const Route = createFileRoute('/account')({ component: AccountPage });

/** Account & security, for every signed-in role: change password, sign out everywhere. Signed out: the login page. */
function AccountPage() {
  const t = useT();
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  useEffect(() => {
    if (!isLoading && !user) void navigate({ to: '/login', replace: true });
  }, [isLoading, user, navigate]);
  if (!user) return <FullScreenLoader label={t('app.loading')} />;
  return (
    <main className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-6" data-testid="account-page">
      <PageHeader
        title={t('account.title')}
        subtitle={t('account.subtitle')}
        role={user.role}
        badges={<span className="text-sm text-base-content/70" dir="auto">{t('account.signedInAs', { email: user.email })}</span>}
      />
      <ChangePasswordCard />
      <SignOutEverywhereCard />
    </main>
  );
}
