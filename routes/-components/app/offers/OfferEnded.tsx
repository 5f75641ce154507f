import { useEffect, useRef } from 'react';
import { useT } from '../../../../src/client/i18n';
import { Icon } from '../../../../src/client/ui/Icon';
import { OfferSheet } from './OfferSheet';

/** expired: the countdown ran out before an answer; gone: the server took it away (the 409 of a late answer, or no longer listed). */
export type Ending = 'expired' | 'gone';

/** The end of an offer the rider did not get to answer, said plainly, until they tap OK. */
export function OfferEnded({ ending, reason, onDone }: { ending: Ending; reason?: string; onDone: () => void }) {
  const t = useT();
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => ok.current?.focus(), []);
  return (
    <OfferSheet
      testId="offer-ended"
      title={t('offer.title')}
      footer={
        <button ref={ok} type="button" className="btn btn-primary btn-block h-16 text-lg" onClick={onDone} data-testid="offer-ended-ok">
          {t('offer.ok')}
        </button>
      }
    >
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center" data-testid="offer-ended-message" data-ending={ending}>
        <Icon name="clock" className="size-14 text-warning" />
        <p className="text-2xl font-bold">{ending === 'expired' ? t('offer.expired') : t('offer.gone')}</p>
        <p className="text-base-content/80">{ending === 'expired' ? t('offer.expiredText') : (reason ?? t('offer.goneText'))}</p>
      </div>
    </OfferSheet>
  );
}
