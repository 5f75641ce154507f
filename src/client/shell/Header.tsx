import { Link } from '@tanstack/react-router';
import { ROLE_HOME } from '../../shared/permissions';
import type { MessageKey } from '../../shared/i18n';
import { useT } from '../i18n';
import { useSession } from '../session';
import { SHELL_ICONS } from '../ui/icons/shell';
import { SvgIcon } from '../ui/SvgIcon';
import { roleLabelKey } from '../ui/RoleBadges';
import { LanguageSwitch, useAccountLocale } from './LanguageSwitch';
import { useTheme } from './theme';

const ROLE_LINK: Record<string, MessageKey> = { '/admin': 'nav.admin', '/company': 'nav.company', '/rider': 'nav.rider' };

function Brand() {
  const t = useT();
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-bold" data-testid="brand">
      <img src="/favicon.svg" alt="" className="size-8" width={32} height={32} />
      <span className="whitespace-nowrap">{t('app.name')}</span>
    </Link>
  );
}

/** Signed out: Home, Admin, Company, Rider, Sign In. Signed in: Home, own portal, name, role, Logout. */
export function Header() {
  const t = useT();
  const { user } = useSession();
  const { theme, toggle } = useTheme();
  useAccountLocale();
  const links: { to: string; label: MessageKey }[] = user
    ? [
        { to: '/', label: 'nav.home' },
        { to: ROLE_HOME[user.role], label: ROLE_LINK[ROLE_HOME[user.role]]! },
      ]
    : [
        { to: '/', label: 'nav.home' },
        { to: '/admin', label: 'nav.admin' },
        { to: '/company', label: 'nav.company' },
        { to: '/rider', label: 'nav.rider' },
      ];
  const linkClass = 'btn btn-ghost btn-sm';
  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/90 backdrop-blur" data-testid="site-header">
      <nav className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 sm:px-6">
        <Brand />
        <ul className="ms-4 hidden items-center gap-1 md:flex" data-testid="nav-links">
          {links.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className={linkClass} activeProps={{ className: `${linkClass} btn-active` }} activeOptions={{ exact: true }}>
                {t(l.label)}
              </Link>
            </li>
          ))}
        </ul>
        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          <LanguageSwitch />
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={t('theme.toggle')} onClick={toggle}>
            <SvgIcon d={SHELL_ICONS[theme === 'kwt' ? 'moon' : 'sun']} />
          </button>
          {user ? (
            <>
              <Link to="/account" className="hidden rounded-btn px-2 py-1 text-end leading-tight hover:bg-base-200 sm:block" data-testid="header-user" title={t('account.nav')}>
                <span className="block text-sm font-semibold" dir="auto">{user.firstName || user.email}</span>
                <span className="block text-xs text-base-content/70">{t(roleLabelKey(user.role))}</span>
              </Link>
              <a href="/api/logout" className="btn btn-outline btn-sm">
                {t('nav.logout')}
              </a>
            </>
          ) : (
            <Link to="/login" className="btn btn-primary btn-sm">
              {t('nav.signIn')}
            </Link>
          )}
          <div className="dropdown dropdown-end md:hidden">
            <button type="button" tabIndex={0} className="btn btn-ghost btn-sm btn-square" aria-label={t('nav.menu')}>
              <SvgIcon d={SHELL_ICONS.menu} />
            </button>
            <ul tabIndex={0} className="menu dropdown-content z-50 mt-2 w-48 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
              {links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{t(l.label)}</Link>
                </li>
              ))}
              {user ? (
                <>
                  <li>
                    <Link to="/account" data-testid="header-account-mobile">
                      {t('account.nav')}
                    </Link>
                  </li>
                  <li className="menu-title text-xs" data-testid="header-user-mobile">
                    {user.firstName || user.email} · {t(roleLabelKey(user.role))}
                  </li>
                </>
              ) : null}
            </ul>
          </div>
        </div>
      </nav>
    </header>
  );
}
