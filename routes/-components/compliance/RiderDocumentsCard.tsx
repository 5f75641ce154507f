import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../src/client/i18n';
import { trpc } from '../../../src/client/trpc';
import { Card } from '../../../src/client/ui/Card';
import { Icon } from '../../../src/client/ui/Icon';
import { ExpiryText, PhotoThumb, StatusBadge, typeName, useExpiryText, useIsoDate } from './document-ui';

/**
 * The rider's own documents on /app, read-only (the company keeps them: docs/spec-decisions.md): each
 * kind with its standing and the days left, and why duty is refused when the driving licence expired.
 */
export function RiderDocumentsCard() {
  const t = useT();
  const list = useQuery(trpc.rider.documents.queryOptions());
  const region = list.data?.rider.zoneRegion ?? 'kuwait';
  const expiry = useExpiryText(region, { alwaysDaysLeft: true });
  const date = useIsoDate(region);
  if (!list.data) return list.isPending ? <div className="skeleton h-40 w-full" /> : null;
  const { documents, types } = list.data;
  const recorded = new Map(documents.map((d) => [d.type, d]));
  const licence = recorded.get('driving_licence');
  const shown = [...types, ...documents.map((d) => d.type).filter((ty) => !types.includes(ty))];

  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <Icon name="shield" className="size-5 text-primary" />
          {t('documents.rider.title')}
        </span>
      }
    >
      <div data-testid="rider-documents-card" className="space-y-3">
        {licence?.status === 'expired' ? (
          <p role="alert" className="alert alert-error alert-soft text-sm" data-testid="rider-licence-expired">
            <Icon name="alert" className="size-5 shrink-0" />
            {t('documents.duty.licenceExpired', { date: date(licence.expiresOn) })}
          </p>
        ) : null}
        {documents.length === 0 ? <p className="text-sm text-base-content/70">{t('documents.rider.empty')}</p> : null}
        <ul className="divide-y divide-base-200">
          {shown.map((type) => {
            const doc = recorded.get(type);
            return (
              <li key={type} className="flex items-center gap-3 py-2" data-testid="rider-document" data-type={type} data-status={doc?.status ?? 'missing'}>
                <div className="min-w-0 grow">
                  <p className="font-medium">{typeName(t, type)}</p>
                  {doc ? <p className="text-sm text-base-content/70"><ExpiryText text={expiry(doc)} /></p> : null}
                </div>
                {doc ? <PhotoThumb doc={doc} /> : null}
                <StatusBadge status={doc?.status ?? 'missing'} />
              </li>
            );
          })}
        </ul>
        <p className="text-xs text-base-content/70">{t('documents.rider.hint')}</p>
      </div>
    </Card>
  );
}
