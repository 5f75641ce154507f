import { useLocale, useT } from '../../../src/client/i18n';
import { Icon } from '../../../src/client/ui/Icon';
import { addressLine, type PlaceNames } from '../../../src/shared/gulf/address-text';
import type { AddressParts } from '../../../src/shared/schemas/address';
import { googleDirectionsLink, mapLink, wazeLink } from './links';
import { timeOfDay } from './useNow';

const codeOf = (parts: AddressParts) => (parts.country === 'KW' ? parts.paci : parts.makani.replace(/^(\d{5})(\d{5})$/, '$1 $2'));

/** The PACI/Makani number and the landmark: shown whenever the order has them, with or without its place's names. */
function CodeAndLandmark({ parts, text }: { parts: AddressParts; text: string | null }) {
  const t = useT();
  const code = codeOf(parts);
  const landmark = parts.landmark?.trim();
  return (
    <>
      {code ? (
        <p className="text-xs text-base-content/70" data-testid="order-address-code">
          {t(parts.country === 'KW' ? 'address.paci' : 'address.makani')}: <span dir="ltr">{code}</span>
        </p>
      ) : null}
      {/* (The stored text of a structured address already ends with its landmark.) */}
      {landmark && !text?.includes(landmark) ? (
        <p className="text-sm text-base-content/80" data-testid="order-address-landmark">
          {t('address.landmark')}: {landmark}
        </p>
      ) : null}
    </>
  );
}

/** Hand-off to the phone's navigation: by the pin's coordinates (Google Maps and Waze), else Google Maps by the text. */
function NavigationLinks({ address, pin }: { address: string; pin: { lat: number; lng: number } | undefined }) {
  const t = useT();
  const cls = 'btn btn-outline btn-sm h-10 gap-1.5';
  if (!pin) {
    return (
      <a href={mapLink(address)} target="_blank" rel="noreferrer" className={cls} aria-label={t('app.orders.mapFor', { address })} data-testid="nav-google">
        <Icon name="map" className="size-4" />
        {t('app.orders.googleMaps')}
      </a>
    );
  }
  return (
    <>
      <a href={googleDirectionsLink(pin)} target="_blank" rel="noreferrer" className={cls} aria-label={t('app.orders.navigateGoogle', { address })} data-testid="nav-google">
        <Icon name="map" className="size-4" />
        {t('app.orders.googleMaps')}
      </a>
      <a href={wazeLink(pin)} target="_blank" rel="noreferrer" className={cls} aria-label={t('app.orders.navigateWaze', { address })} data-testid="nav-waze">
        <Icon name="send" className="size-4" />
        {t('app.orders.waze')}
      </a>
    </>
  );
}

/**
 * One address of a rider's order, all from the order as cached (it reads the same offline): the area and street line
 * in the rider's language, the PACI/Makani number and the landmark, and navigation links by the pin's coordinates.
 */
export function RiderOrderAddress({
  label,
  address,
  parts,
  places,
  plan,
  testId,
}: {
  label: string;
  address: string;
  parts?: AddressParts | null;
  places?: Record<'en' | 'ar', PlaceNames> | null;
  /** The stop's number in the rider's planned sequence and its ETA (issue 25); absent when not planned. */
  plan?: { stop: number; at: string } | null;
  testId: string;
}) {
  const locale = useLocale();
  const t = useT();
  // An answer cached before the place names came with it shows the stored text, with the number and landmark.
  const place = parts ? (places?.[locale] ?? null) : null;
  const line = parts && place ? addressLine(parts, locale) : '';
  return (
    <div className="min-w-0" data-testid={testId}>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-base-content/70">
        <span className="uppercase tracking-wide">{label}</span>
        {plan ? (
          <>
            <span className="badge badge-sm badge-primary font-semibold" data-testid="order-stop">
              {t('app.orders.stop', { n: plan.stop })}
            </span>
            <span className="font-semibold tabular-nums text-base-content" data-testid="order-eta">
              {t('app.orders.etaAbout', { time: timeOfDay(Date.parse(plan.at)) })}
            </span>
          </>
        ) : null}
      </p>
      {parts && place ? (
        <div data-testid="order-address-parts">
          <p className="font-semibold">
            {place.area}
            <span className="font-normal text-base-content/70">{locale === 'ar' ? '، ' : ', '}{place.division}</span>
          </p>
          {line ? <p className="break-words">{line}</p> : null}
          <CodeAndLandmark parts={parts} text={null} />
        </div>
      ) : (
        <>
          <p className="break-words" dir="auto">{address}</p>
          {parts ? <CodeAndLandmark parts={parts} text={address} /> : null}
        </>
      )}
      <div className="mt-1.5 flex flex-wrap gap-2">
        <NavigationLinks address={address} pin={parts?.pin} />
      </div>
    </div>
  );
}
