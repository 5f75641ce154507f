import { Link } from '@tanstack/react-router';
import type { MessageKey } from '../../src/shared/i18n';
import { useT } from '../../src/client/i18n';
import { LANDING_ICONS, type LandingIconName } from '../../src/client/ui/icons/landing';
import { SvgIcon } from '../../src/client/ui/SvgIcon';
import { PortalCards } from './PortalCards';

const CHIPS: { key: MessageKey; icon: LandingIconName }[] = [
  { key: 'landing.chip.analytics', icon: 'chart' },
  { key: 'landing.chip.ocr', icon: 'receipt' },
  { key: 'landing.chip.gps', icon: 'pin' },
  { key: 'landing.chip.pwa', icon: 'phone' },
];
const ENTERPRISE: { key: 'security' | 'currency' | 'offline' | 'ai'; icon: LandingIconName }[] = [
  { key: 'security', icon: 'shield' },
  { key: 'currency', icon: 'coins' },
  { key: 'offline', icon: 'offline' },
  { key: 'ai', icon: 'sparkles' },
];

/** The public landing hub: hero, four feature chips, three portal cards, enterprise features, sign-in. */
export function LandingHub() {
  const t = useT();
  return (
    <main data-testid="landing-hub">
      <section className="bg-gradient-to-b from-primary/10 to-base-200">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-20">
          <h1 className="max-w-3xl text-3xl font-extrabold leading-tight sm:text-5xl">{t('landing.hero.title')}</h1>
          <p className="mt-4 max-w-2xl text-base text-base-content/75 sm:text-lg">{t('landing.hero.subtitle')}</p>
          <ul className="mt-6 flex flex-wrap gap-2" data-testid="feature-chips">
            {CHIPS.map((c) => (
              <li key={c.key} className="badge badge-lg gap-2 border-base-300 bg-base-100 py-4 text-primary">
                <SvgIcon d={LANDING_ICONS[c.icon]} className="size-4" />
                <span className="text-base-content">{t(c.key)}</span>
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="/api/login" className="btn btn-primary btn-lg" data-testid="hero-sign-in">
              {t('landing.hero.cta')}
            </a>
            <Link to="/contact" className="btn btn-outline btn-lg">
              {t('landing.hero.contact')}
            </Link>
          </div>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <h2 className="mb-5 text-2xl font-bold">{t('landing.portals.title')}</h2>
        <PortalCards />
      </section>
      <section className="mx-auto max-w-6xl px-4 pb-16 sm:px-6" data-testid="enterprise-features">
        <h2 className="mb-5 text-2xl font-bold">{t('landing.enterprise.title')}</h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {ENTERPRISE.map(({ key: k, icon }) => (
            <div key={k} className="rounded-box border border-base-300 bg-base-100 p-5">
              <span className="mb-3 grid size-10 place-items-center rounded-lg bg-primary/10 text-primary">
                <SvgIcon d={LANDING_ICONS[icon]} />
              </span>
              <h3 className="font-semibold">{t(`landing.enterprise.${k}.title` as MessageKey)}</h3>
              <p className="mt-2 text-sm text-base-content/70">{t(`landing.enterprise.${k}.text` as MessageKey)}</p>
            </div>
          ))}
        </div>
      </section>
    </main>
  );
}
