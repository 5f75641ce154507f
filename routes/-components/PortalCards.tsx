import { Link } from '@tanstack/react-router';
import type { MessageKey } from '../../src/shared/i18n';
import { useT } from '../../src/client/i18n';
import { LANDING_ICONS, type LandingIconName } from '../../src/client/ui/icons/landing';
import { SvgIcon } from '../../src/client/ui/SvgIcon';

type Portal = 'admin' | 'company' | 'rider';
const PORTALS: { id: Portal; icon: LandingIconName; tone: string }[] = [
  { id: 'admin', icon: 'chart', tone: 'bg-primary/10 text-primary' },
  { id: 'company', icon: 'building', tone: 'bg-secondary/10 text-secondary' },
  { id: 'rider', icon: 'scooter', tone: 'bg-accent/25 text-accent-content' },
];

/** The three portal cards, five features each, linking to /login?redirect=/{portal}. */
export function PortalCards() {
  const t = useT();
  return (
    <div className="grid gap-4 md:grid-cols-3" data-testid="portal-cards">
      {PORTALS.map(({ id, icon, tone }) => {
        const title = t(`portal.${id}.title` as MessageKey);
        return (
          <article key={id} className="card border border-base-300 bg-base-100 shadow-sm transition hover:shadow-md" data-testid={`portal-card-${id}`}>
            <div className="card-body gap-3 p-5">
              <div className={`grid size-12 place-items-center rounded-xl ${tone}`}>
                <SvgIcon d={LANDING_ICONS[icon]} className="size-7" />
              </div>
              <h3 className="card-title">{title}</h3>
              <p className="text-sm text-base-content/70">{t(`portal.${id}.description` as MessageKey)}</p>
              <ul className="space-y-1.5 text-sm">
                {[1, 2, 3, 4, 5].map((n) => (
                  <li key={n} className="flex items-start gap-2">
                    <span className="mt-0.5 text-success">
                      <SvgIcon d={LANDING_ICONS.check} className="size-4" />
                    </span>
                    <span>{t(`portal.${id}.f${n}` as MessageKey)}</span>
                  </li>
                ))}
              </ul>
              <div className="card-actions mt-auto pt-2">
                <Link to="/login" search={{ redirect: `/${id}` }} className="btn btn-primary btn-block">
                  {t('landing.portal.enter', { portal: title })}
                </Link>
              </div>
            </div>
          </article>
        );
      })}
    </div>
  );
}
