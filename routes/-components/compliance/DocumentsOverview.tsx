import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocale, useT } from '../../../src/client/i18n';
import { trpc } from '../../../src/client/trpc';
import { Badge } from '../../../src/client/ui/Badge';
import { Card } from '../../../src/client/ui/Card';
import { Icon } from '../../../src/client/ui/Icon';
import { DOCUMENT_REMINDER_DAYS, type DocumentType } from '../../../src/shared/compliance/types';
import { RiderDocumentsDialog } from './RiderDocumentsDialog';
import { ExpiryText, StatusBadge, typeName, useExpiryText } from './document-ui';

/**
 * The company's "Expiring and expired" list (Compliance tab): every rider document that has expired
 * or expires within 30 days, soonest first, each opening that rider's documents; and the riders with
 * no driving licence on record. Reading it sends any reminders that are due.
 */
export function DocumentsOverview() {
  const t = useT();
  const comma = useLocale() === 'ar' ? '، ' : ', ';
  const overview = useQuery(trpc.company.documentsOverview.queryOptions());
  const profile = useQuery(trpc.company.profile.queryOptions());
  const expiry = useExpiryText(profile.data?.region ?? 'kuwait');
  const [open, setOpen] = useState<{ rider: { id: string; name: string }; type?: DocumentType } | null>(null);
  const data = overview.data;
  const days = DOCUMENT_REMINDER_DAYS;

  return (
    <Card
      title={
        <span className="flex w-full flex-wrap items-center gap-2">
          <Icon name="shield" className="size-5 text-primary" />
          <span className="me-auto">{t('documents.overview.title')}</span>
          {data ? (
            <>
              <Badge tone={data.expired ? 'error' : 'ghost'} testId="documents-expired-count">
                {t('documents.overview.expiredCount', { n: data.expired })}
              </Badge>
              <Badge tone={data.expiring ? 'warning' : 'ghost'} testId="documents-expiring-count">
                {t('documents.overview.expiringCount', { n: data.expiring })}
              </Badge>
            </>
          ) : null}
        </span>
      }
    >
      <div data-testid="documents-overview">
        <p className="text-sm text-base-content/70">{t('documents.overview.hint', { days })}</p>
        {overview.isError ? <p className="mt-3 text-error">{t('documents.loadFailed')}</p> : null}
        {!data && !overview.isError ? <div className="skeleton mt-3 h-32 w-full" /> : null}
        {data && data.items.length === 0 ? (
          <p className="mt-3 flex items-center gap-2 rounded-box bg-success/10 p-3 text-sm" data-testid="documents-overview-empty">
            <Icon name="check" className="size-4 text-success" />
            {t('documents.overview.empty', { days })}
          </p>
        ) : null}
        {data && data.items.length > 0 ? (
          <ul className="mt-3 divide-y divide-base-200 rounded-box border border-base-200">
            {data.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3" data-testid="documents-overview-row" data-status={item.status}>
                <div className="min-w-0 grow basis-48">
                  <p className="truncate font-medium">{item.rider.name}</p>
                  <p className="text-sm text-base-content/70">
                    {typeName(t, item.type)}
                    {item.number ? (
                      <>
                        {' · '}
                        <span dir="ltr">{item.number}</span>
                      </>
                    ) : null}
                  </p>
                </div>
                <div className="flex grow basis-56 flex-wrap items-center justify-end gap-2 text-sm">
                  <span className="text-base-content/70"><ExpiryText text={expiry(item)} /></span>
                  <StatusBadge status={item.status} />
                  <button
                    type="button"
                    className="btn btn-outline btn-primary btn-sm"
                    onClick={() => setOpen({ rider: item.rider, type: item.type })}
                    aria-label={`${t('documents.edit')} · ${t('documents.dialogTitle', { name: item.rider.name })}`}
                    data-testid="documents-overview-update"
                  >
                    {t('documents.edit')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        {data && data.missingLicence.length > 0 ? (
          <p className="mt-3 flex items-start gap-2 text-sm text-base-content/80" data-testid="documents-missing-licence">
            <Icon name="alert" className="mt-0.5 size-4 shrink-0 text-warning" />
            <span>{t('documents.overview.missingLicence', { names: data.missingLicence.map((r) => r.name).join(comma) })}</span>
          </p>
        ) : null}
      </div>
      {open ? <RiderDocumentsDialog rider={open.rider} initialType={open.type} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}
