import { Link } from '@tanstack/react-router';
import type { SessionUser } from '../../src/shared/schemas/auth';
import { useT } from '../../src/client/i18n';
import { roleLabelKey } from '../../src/client/ui/RoleBadges';
import { PortalCards } from './PortalCards';

/** Home for a signed-in user: welcome, welcome-back line, portal cards, Contact Us for Demo. */
export function AuthenticatedHome({ user }: { user: SessionUser }) {
  const t = useT();
  return (
    <main className="mx-auto max-w-6xl space-y-8 px-4 py-10 sm:px-6" data-testid="authenticated-home">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">{t('home.welcome')}</h1>
        <p className="text-lg" data-testid="welcome-back">
          {t('home.welcomeBack', { name: user.firstName || user.email, role: t(roleLabelKey(user.role)) })}
        </p>
        <p className="text-base-content/70">{t('home.subtitle')}</p>
      </header>
      <PortalCards />
      <div className="text-center">
        <Link to="/contact" className="btn btn-outline" data-testid="contact-demo">
          {t('home.contactDemo')}
        </Link>
      </div>
    </main>
  );
}
