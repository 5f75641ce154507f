import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { DeliveryProof as Proof } from '../../../../src/server/services/orders';
import { formatDateTime, formatNumber, type Region } from '../../../../src/shared/regions';
import { useT } from '../../../../src/client/i18n';
import { trpc } from '../../../../src/client/trpc';
import { Badge } from '../../../../src/client/ui/Badge';
import { ZonedTime } from '../../../../src/client/ui/ZonedTime';

const DeliveryPlaceMap = lazy(() => import('./DeliveryPlaceMap').then((m) => ({ default: m.DeliveryPlaceMap })));

/** OpenStreetMap (whose tiles the small map shows) centred on the point, with a marker. */
const osmLink = ({ lat, lng }: { lat: number; lng: number }) => `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;

const PIN_TONE = { matched: 'success', mismatch: 'error', not_entered: 'ghost' } as const;

/** What proves a delivery (issue 21, item 4): who took it, the PIN check, the photo and where it happened. */
export function DeliveryProof({ proof, deliveredAt, customerName, region }: { proof: Proof; deliveredAt: string | null; customerName: string; region: Region }) {
  const t = useT();
  const { place } = proof;
  const config = useQuery({ ...trpc.tracking.mapConfig.queryOptions(), staleTime: 3_600_000, enabled: Boolean(place) });
  return (
    <section className="space-y-3 rounded-box border border-base-300 p-3" data-testid="delivery-proof">
      <h3 className="font-semibold">{t('proof.title')}</h3>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-base-content/70">{t('proof.recipient')}</dt>
          <dd data-testid="proof-recipient">{proof.recipientName || '—'}</dd>
        </div>
        <div>
          <dt className="text-base-content/70">{t('proof.pin')}</dt>
          <dd>
            <Badge tone={PIN_TONE[proof.pin]} testId="proof-pin">
              {t(`proof.pin.${proof.pin}`)}
            </Badge>
          </dd>
        </div>
        {deliveredAt ? (
          <div className="sm:col-span-2">
            <dt className="text-base-content/70">{t('proof.deliveredAt')}</dt>
            <dd>
              <ZonedTime at={deliveredAt} region={region} testId="proof-delivered-at" />
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="text-sm">
        <p className="text-base-content/70">{t('proof.photo')}</p>
        {proof.photoUrl ? (
          <a href={proof.photoUrl} target="_blank" rel="noopener" className="mt-1 inline-block">
            <img src={proof.photoUrl} alt={t('proof.photoAlt', { name: customerName })} loading="lazy" className="max-h-56 rounded-box border border-base-300 object-contain" data-testid="proof-photo" />
          </a>
        ) : (
          <p data-testid="proof-no-photo">{t('proof.noPhoto')}</p>
        )}
      </div>
      <div className="space-y-2 text-sm">
        <p className="text-base-content/70">{t('proof.place')}</p>
        {place ? (
          <>
            <p className="flex flex-wrap items-center gap-x-2" data-testid="proof-place">
              <span>{t(place.source === 'ping' ? 'proof.place.ping' : 'proof.place.photo', { time: formatDateTime(new Date(place.at), region) })}</span>
              <span dir="ltr" className="tabular-nums">
                {place.lat.toFixed(5)}, {place.lng.toFixed(5)}
              </span>
              {place.accuracyM !== null ? <span className="tabular-nums">{t('proof.place.accuracy', { metres: formatNumber(place.accuracyM, undefined, 0) })}</span> : null}
              <a className="link link-primary" href={osmLink(place)} target="_blank" rel="noopener noreferrer" data-testid="proof-map-link">
                {t('proof.place.openMap')}
              </a>
            </p>
            <Suspense fallback={<div className="skeleton h-44 w-full" />}>
              <DeliveryPlaceMap lat={place.lat} lng={place.lng} tileUrl={config.data?.tileUrl} attribution={config.data?.attribution} label={t('proof.place.mapLabel')} />
            </Suspense>
          </>
        ) : (
          <p data-testid="proof-no-place">{t('proof.place.none')}</p>
        )}
      </div>
    </section>
  );
}
