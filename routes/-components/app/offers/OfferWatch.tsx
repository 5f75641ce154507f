import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useOnline } from '../../../../src/client/outbox/hooks';
import { trpc } from '../../../../src/client/trpc';
import { useStepsAfterFirstPaint } from '../../../../src/client/ui/useStepsAfterFirstPaint';
import { useRider } from '../RiderContext';

/** Spec decision: offers are asked for every 5 s while on duty and online (and when the app comes back to the front). */
export const OFFER_POLL_MS = 5_000;

const OfferDesk = lazy(() => import('./OfferDesk'));

/**
 * Issue 25: the rider's open offers and whether offers are paused. Offers need the network: off duty or offline this
 * asks nothing and shows nothing. The offer screen's code loads only once there is something to show.
 */
export function OfferWatch() {
  // Not in the server's rendering of the first screen (src/shared/rider-first-screen.ts): offers are asked live, after the first paint.
  return useStepsAfterFirstPaint(1) ? <OfferPoll /> : null;
}

function OfferPoll() {
  const { duty } = useRider();
  const online = useOnline();
  const watching = duty !== null && online;
  const live = { enabled: watching, refetchInterval: watching ? OFFER_POLL_MS : false, refetchOnWindowFocus: true } as const;
  const offers = useQuery({ ...trpc.rider.offers.queryOptions(), ...live });
  const state = useQuery({ ...trpc.rider.offerState.queryOptions(), ...live });
  const paused = state.data?.paused === true;
  // Once shown, the desk stays: it tells the rider when an offer it showed runs out or is taken.
  const [needed, setNeeded] = useState(false);
  if (!needed && watching && ((offers.data?.length ?? 0) > 0 || paused)) setNeeded(true);
  if (!watching || !needed) return null;
  return (
    <Suspense fallback={null}>
      <OfferDesk offers={offers.data ?? []} fetchedAt={offers.dataUpdatedAt} state={state.data ?? null} />
    </Suspense>
  );
}
