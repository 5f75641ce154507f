import { lazy, Suspense, useState } from 'react';
import { useT } from '../../../src/client/i18n';
import { Card } from '../../../src/client/ui/Card';
import { Icon } from '../../../src/client/ui/Icon';
import { telLink, whatsAppLink } from './links';
import { useRider } from './RiderContext';

const ReportProblemDialog = lazy(() => import('./ReportProblemDialog').then((m) => ({ default: m.ReportProblemDialog })));

/** Emergency support: call or WhatsApp the rider's own company, or report a problem as a ticket (offline too). */
export function SupportCard() {
  const t = useT();
  const { dash, user } = useRider();
  const [reporting, setReporting] = useState(false);
  const phone = dash?.companyPhone ?? null;
  return (
    <Card>
      <div className="flex items-center gap-3" data-testid="support-card">
        <span className="grid size-11 place-items-center rounded-full bg-error/15 text-error">
          <Icon name="lifebuoy" className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">{t('app.support.title')}</h2>
          <p className="text-sm text-base-content/70">{phone ? t('app.support.text', { company: user.companyName ?? t('app.support.yourCompany') }) : t('app.support.noPhone')}</p>
        </div>
      </div>
      {phone ? (
        <div className="grid grid-cols-2 gap-2">
          <a href={telLink(phone)} className="btn btn-error h-12 gap-2" data-testid="support-call">
            <Icon name="call" />
            {t('app.support.call')}
          </a>
          <a href={whatsAppLink(phone)} target="_blank" rel="noreferrer" className="btn btn-success h-12 gap-2" data-testid="support-whatsapp">
            <Icon name="whatsapp" />
            {t('app.support.whatsapp')}
          </a>
        </div>
      ) : null}
      {phone ? (
        <p className="text-center text-sm tabular-nums text-base-content/70" dir="ltr">
          {phone}
        </p>
      ) : null}
      <button type="button" className="btn btn-outline h-12 gap-2" onClick={() => setReporting(true)} data-testid="support-report">
        <Icon name="ticket" />
        {t('app.support.report')}
      </button>
      {reporting ? (
        <Suspense fallback={null}>
          <ReportProblemDialog userId={user.id} onClose={() => setReporting(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
