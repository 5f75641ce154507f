import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../src/client/i18n';
import { trpc } from '../../../src/client/trpc';
import { Badge } from '../../../src/client/ui/Badge';
import type { MessageKey } from '../../../src/shared/i18n';
import { formatDateTime, REGIONS } from '../../../src/shared/regions';

const LOG_SIZE = 10;

/** 'https://hooks.example.com/kwt?x=1' → 'hooks.example.com/kwt': enough to tell two endpoints apart. */
const shortUrl = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return url;
  }
};

/** The last deliveries of the company's endpoints: event, target, status, attempts, last HTTP code. */
export function WebhookLog() {
  const t = useT();
  const { data: profile } = useQuery(trpc.company.profile.queryOptions());
  const log = useQuery(trpc.company.webhookDeliveries.queryOptions({ limit: LOG_SIZE }));
  const region = REGIONS[profile?.region ?? 'kuwait'];
  const when = (iso: string) => formatDateTime(new Date(iso), region);
  return (
    <section className="space-y-2" data-testid="webhook-log">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{t('webhooks.log.title')}</h3>
        <button type="button" className="btn btn-ghost btn-xs" onClick={() => log.refetch()} disabled={log.isFetching}>
          {t('webhooks.log.refresh')}
        </button>
      </div>
      {log.data && log.data.length === 0 ? <p className="text-sm text-base-content/70">{t('webhooks.log.empty')}</p> : null}
      {log.data?.length ? (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300">
          {log.data.map((d) => {
            const retrying = d.status === 'pending' && d.attempts > 0;
            return (
              <li key={d.id} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-3 py-2.5 text-sm" data-testid="webhook-delivery" data-status={d.status}>
                <p className="font-medium">{t(`webhooks.event.${d.event}` as MessageKey)}</p>
                <div className="row-span-2 self-center">
                  <Badge tone={d.status === 'success' ? 'success' : d.status === 'failed' ? 'error' : 'warning'}>
                    {t(retrying ? 'webhooks.status.retrying' : (`webhooks.status.${d.status}` as MessageKey))}
                  </Badge>
                </div>
                <p className="flex flex-wrap gap-x-3 text-xs text-base-content/70">
                  <span>{when(d.createdAt)}</span>
                  <span>{t('webhooks.log.attemptsN', { n: d.attempts })}</span>
                  {d.lastStatusCode ? <span>{t('webhooks.log.codeN', { code: d.lastStatusCode })}</span> : null}
                  <span className="max-w-full truncate font-mono" dir="ltr" title={d.url}>
                    {shortUrl(d.url)}
                  </span>
                </p>
                {d.lastError && d.status !== 'success' ? (
                  <p className="col-span-2 text-xs text-error/90" dir="auto">
                    {d.lastError}
                    {retrying && d.nextAttemptAt ? ` · ${t('webhooks.log.nextAttempt', { time: when(d.nextAttemptAt) })}` : ''}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
