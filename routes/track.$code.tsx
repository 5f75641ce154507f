import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import type { ReactNode } from 'react';
import { dateLocale, relativeTime } from '../src/client/format';
import { useLocale, useT } from '../src/client/i18n';
import { trpc } from '../src/client/trpc';
import { Icon } from '../src/client/ui/Icon';
import type { MessageKey } from '../src/shared/i18n';
import type { OrderStatus } from '../src/shared/schemas/oversight';
import { REGIONS } from '../src/shared/regions';
import { FINAL_ORDER_STATUSES, TRACKING_CODE_PATTERN } from '../src/shared/schemas/track';
import type { RouterOutputs } from '../src/server/trpc/root';

type Tracking = RouterOutputs['tracking']['publicOrder'];

export const Route = createFileRoute('/track/$code')({ component: TrackPage });

const REFRESH_MS = 30_000;
const HAPPY_PATH: OrderStatus[] = ['pending', 'assigned', 'picked_up', 'delivered'];

/** The UI language decides the date words (Latin digits in Arabic, as everywhere; English as before); the order's region decides the clock. */
function formatAt(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(dateLocale(timeZone === REGIONS.uae.timezone ? REGIONS.uae : REGIONS.kuwait, undefined, 'en'), { timeZone, day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(iso));
}

/** The public tracking page for customers: no sign-in, refreshes itself until the order is final. */
function TrackPage() {
  const t = useT();
  const { code } = Route.useParams();
  const valid = TRACKING_CODE_PATTERN.test(code);
  const query = useQuery({
    ...trpc.tracking.publicOrder.queryOptions({ code }),
    enabled: valid,
    refetchInterval: (q) => {
      const status = q.state.data?.status;
      if (q.state.error instanceof TRPCClientError && q.state.error.data?.code === 'NOT_FOUND') return false;
      return status && (FINAL_ORDER_STATUSES as readonly string[]).includes(status) ? false : REFRESH_MS;
    },
  });
  const notFound = !valid || (query.error instanceof TRPCClientError && ['NOT_FOUND', 'BAD_REQUEST'].includes(query.error.data?.code));

  return (
    <main className="mx-auto w-full max-w-xl space-y-4 px-4 py-6 sm:py-10" data-testid="track-page">
      <p className="text-sm font-medium uppercase tracking-wide text-base-content/70">{t('track.title')}</p>
      {notFound ? (
        <Message testId="track-not-found" title={t('track.notFound.title')} text={t('track.notFound.text')} />
      ) : query.data ? (
        <TrackView data={query.data} />
      ) : query.isError ? (
        <Message testId="track-error" title={t('track.error.title')} text={t('track.error.text')} action={<button type="button" className="btn btn-outline btn-sm" onClick={() => query.refetch()}>{t('track.retry')}</button>} />
      ) : (
        <div className="space-y-4" role="status" aria-busy="true" aria-label={t('track.loading')}>
          <div className="skeleton h-32 w-full" />
          <div className="skeleton h-56 w-full" />
        </div>
      )}
    </main>
  );
}

function Message({ title, text, testId, action }: { title: string; text: string; testId: string; action?: ReactNode }) {
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-6 text-center shadow-sm" data-testid={testId}>
      <h1 className="text-xl font-bold">{title}</h1>
      <p className="mt-2 text-base-content/70">{text}</p>
      {action ? <div className="mt-4">{action}</div> : null}
    </section>
  );
}

const TONE: Record<OrderStatus, string> = {
  pending: 'text-base-content',
  assigned: 'text-info',
  picked_up: 'text-primary',
  delivered: 'text-success',
  failed: 'text-error',
  cancelled: 'text-base-content/70',
};

function TrackView({ data }: { data: Tracking }) {
  const t = useT();
  const locale = useLocale();
  const final = (FINAL_ORDER_STATUSES as readonly string[]).includes(data.status);
  return (
    <>
      <section className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm" data-testid="track-summary" data-status={data.status}>
        <h1 className={`text-3xl font-extrabold leading-tight sm:text-4xl ${TONE[data.status]}`} data-testid="track-status">
          {t(`track.status.${data.status}` as MessageKey)}
        </h1>
        <p className="mt-2 text-base-content/80">{t(`track.lead.${data.status}` as MessageKey)}</p>
        {data.eta ? (
          <p className="mt-3 flex items-center gap-1.5 text-lg font-semibold text-primary" data-testid="track-eta">
            <Icon name="clock" className="size-5 shrink-0" />
            {t('track.eta', { minutes: data.eta.minutes })}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {data.area ? (
            <p className="flex items-center gap-1.5" data-testid="track-area">
              <Icon name="pin" className="size-4 shrink-0 text-base-content/70" />
              {t('track.deliveryTo', { area: data.place ? `${data.place.area[locale]}${locale === 'ar' ? '، ' : ', '}${data.place.division[locale]}` : data.area })}
            </p>
          ) : null}
          {data.rider ? (
            <p className="flex items-center gap-1.5 font-semibold" data-testid="track-rider">
              <Icon name="scooter" className="size-4 shrink-0 text-base-content/70" />
              {t('track.rider', { firstName: data.rider.firstName })}
            </p>
          ) : null}
        </div>
      </section>

      {data.status === 'picked_up' ? <PositionCard position={data.position} /> : null}

      {data.deliveryPin ? (
        <section className="rounded-box border border-base-300 bg-base-100 p-5 text-center shadow-sm" data-testid="track-pin">
          <h2 className="text-sm text-base-content/70">{t('track.pin')}</h2>
          <p className="my-1 font-mono text-3xl font-bold tracking-[0.4em]" dir="ltr">
            {data.deliveryPin}
          </p>
          <p className="text-xs text-base-content/70">{t('track.pinHint')}</p>
        </section>
      ) : null}

      <section className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
        <h2 className="mb-3 font-semibold">{t('track.timeline')}</h2>
        <Steps data={data} />
      </section>

      {final ? null : <p className="text-center text-xs text-base-content/70">{t('track.autoRefresh')}</p>}
    </>
  );
}

function PositionCard({ position }: { position: Tracking['position'] }) {
  const t = useT();
  return (
    <section className="rounded-box border border-primary/30 bg-primary/5 p-5" data-testid="track-position">
      <h2 className="flex items-center gap-2 font-semibold">
        <span className="relative flex size-3" aria-hidden="true">
          {position ? <span className="absolute inline-flex size-full animate-ping rounded-full bg-primary opacity-60" /> : null}
          <span className={`relative inline-flex size-3 rounded-full ${position ? 'bg-primary' : 'bg-base-content/30'}`} />
        </span>
        {t('track.position.title')}
      </h2>
      {position ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <a
            className="btn btn-primary btn-sm"
            href={`https://www.openstreetmap.org/?mlat=${position.lat}&mlon=${position.lng}#map=17/${position.lat}/${position.lng}`}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="track-map-link"
          >
            <Icon name="pin" className="size-4" />
            {t('track.position.open')}
          </a>
          <span className="text-sm text-base-content/70" data-testid="track-position-updated">
            {t('track.position.updated', { ago: relativeTime(position.updatedAt) ?? '' })}
          </span>
        </div>
      ) : (
        <p className="mt-2 text-sm text-base-content/70">{t('track.position.none')}</p>
      )}
    </section>
  );
}

/** pending → assigned → picked_up → delivered; a failed or cancelled order ends on that step instead. */
function Steps({ data }: { data: Tracking }) {
  const t = useT();
  const lastAt = new Map<OrderStatus, string>();
  for (const e of data.timeline) lastAt.set(e.status, e.at);
  const ended = data.status === 'failed' || data.status === 'cancelled';
  const path: OrderStatus[] = ended ? [...HAPPY_PATH.filter((s) => s !== 'delivered' && lastAt.has(s)), data.status] : HAPPY_PATH;
  const reached = path.indexOf(data.status);
  return (
    <ol className="space-y-0" data-testid="track-steps">
      {path.map((s, i) => {
        const done = i <= reached;
        const bad = ended && i === path.length - 1;
        const at = done ? lastAt.get(s) : undefined;
        const dot = bad ? 'bg-error text-error-content' : done ? 'bg-primary text-primary-content' : 'border-2 border-base-300 bg-base-100';
        return (
          <li key={s} className="relative flex gap-3 pb-5 last:pb-0" data-testid={`track-step-${s}`} data-done={done}>
            {i < path.length - 1 ? <span className={`absolute start-3 top-7 -ms-px h-[calc(100%-1.75rem)] w-0.5 ${i < reached ? 'bg-primary' : 'bg-base-300'}`} aria-hidden="true" /> : null}
            <span className={`grid size-6 shrink-0 place-items-center rounded-full ${dot}`} aria-hidden="true">
              {bad ? <Icon name="close" className="size-3.5" /> : done ? <Icon name="check" className="size-3.5" /> : null}
            </span>
            <div className="min-w-0 pt-0.5">
              <p className={done ? 'font-medium' : 'text-base-content/70'}>{t(`track.step.${s}` as MessageKey)}</p>
              {at ? <p className="text-xs text-base-content/70" dir="auto">{formatAt(at, data.timezone)}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
