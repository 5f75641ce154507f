import { createFileRoute } from '@tanstack/react-router';
import { useT } from '../src/client/i18n';
import { useSession } from '../src/client/session';
import { FullScreenLoader } from '../src/client/ui/Spinner';
import { AuthenticatedHome } from './-components/AuthenticatedHome';
import { LandingHub } from './-components/LandingHub';

export const Route = createFileRoute('/')({ component: Home });

function Home() {
  const t = useT();
  const { user, isLoading } = useSession();
  if (isLoading) return <FullScreenLoader label={t('app.loading')} />;
  return user ? <AuthenticatedHome user={user} /> : <LandingHub />;
}
