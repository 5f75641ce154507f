import { useEffect, useRef, type ReactNode } from 'react';
import { numberText } from '../../../../src/client/format';
import { useT } from '../../../../src/client/i18n';
import { Icon } from '../../../../src/client/ui/Icon';
import { formatMoney, toMinor, type Currency } from '../../../../src/shared/money';
import type { RiderOfferView } from '../../../../src/shared/schemas/dispatch';
import { countdownText, percentLeft, secondsLeft } from './offer-clock';
import { OfferStops } from './OfferStops';
import { OfferSheet } from './OfferSheet';
import { timeOfDay } from '../useNow';

const amount = (value: number, currency: Currency) => formatMoney(toMinor(value, currency), currency);

/** One offer, full screen: what, where, how far, what it pays and the cash to collect; the countdown; Accept and Decline within the thumb's reach. */
export function OfferView({ offer, now, busy, onAccept, onDecline }: { offer: RiderOfferView; now: number; busy: boolean; onAccept: () => void; onDecline: () => void }) {
  const t = useT();
  const left = secondsLeft(offer.expiresAt, now);
  const urgent = left <= 10;
  const batch = offer.orders.length > 1;
  const first = offer.orders[0];
  const hasCash = toMinor(offer.cashToCollect, offer.currency) > 0;
  const acceptRef = useRef<HTMLButtonElement>(null);
  useEffect(() => acceptRef.current?.focus(), [offer.id]);
  return (
    <OfferSheet
      testId="offer-view"
      title={batch ? t('offer.batchTitle', { count: offer.orders.length }) : t('offer.title')}
      footer={
        <div className="grid grid-cols-2 gap-3">
          <button type="button" className="btn btn-outline btn-error h-16 text-lg" disabled={busy} onClick={onDecline} data-testid="offer-decline">
            {t('offer.decline')}
          </button>
          <button ref={acceptRef} type="button" className="btn btn-success h-16 text-lg" disabled={busy} onClick={onAccept} data-testid="offer-accept">
            {busy ? <span className="loading loading-spinner" /> : <Icon name="check" />}
            {t('offer.accept')}
          </button>
        </div>
      }
    >
      <div className="flex flex-col items-center gap-2 py-2" data-testid="offer-countdown" data-seconds={left}>
        <span className="text-sm text-base-content/70">{t('offer.timeLeft')}</span>
        <span role="timer" dir="ltr" className={`text-6xl font-bold tabular-nums ${urgent ? 'text-error' : 'text-primary'}`}>
          {countdownText(left)}
        </span>
        <progress className={`progress h-3 w-full ${urgent ? 'progress-error' : 'progress-primary'}`} value={percentLeft(offer, now)} max={100} aria-hidden="true" />
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <Fact label={t('offer.fee')} testId="offer-fee" strong>
          {amount(offer.fee, offer.currency)}
        </Fact>
        <Fact label={t('offer.cash')} testId="offer-cash" strong={hasCash}>
          {hasCash ? amount(offer.cashToCollect, offer.currency) : t('offer.noCash')}
        </Fact>
        <Fact label={t('offer.distance')} testId="offer-distance">
          {t('offer.km', { km: numberText(offer.distanceKm, { maximumFractionDigits: 1 }) })}
        </Fact>
        {!batch && first ? (
          <Fact label={t('offer.dropoffArea')} testId="offer-dropoff" eta={first.etaDropoffAt}>
            {first.dropoffArea}
          </Fact>
        ) : null}
        {!batch && first ? (
          <Fact label={t('offer.pickup')} testId="offer-pickup" wide eta={first.etaPickupAt}>
            {first.pickupAddress}
          </Fact>
        ) : null}
      </dl>
      {batch ? <OfferStops offer={offer} /> : null}
    </OfferSheet>
  );
}

/** One figure of the offer; with the estimated time there when the server has one. */
function Fact({ label, children, testId, strong = false, wide = false, eta = null }: { label: string; children: ReactNode; testId: string; strong?: boolean; wide?: boolean; eta?: string | null }) {
  const t = useT();
  return (
    <div className={`rounded-box bg-base-200/70 p-3 ${wide ? 'col-span-2' : ''}`}>
      <dt className="text-sm text-base-content/70">{label}</dt>
      <dd className={`mt-0.5 break-words ${strong ? 'text-xl font-bold tabular-nums' : 'font-semibold'}`} data-testid={testId}>
        {children}
      </dd>
      {eta ? (
        <dd className="mt-0.5 text-sm text-base-content/70" data-testid={`${testId}-eta`}>
          {t('offer.eta', { time: timeOfDay(Date.parse(eta)) })}
        </dd>
      ) : null}
    </div>
  );
}
