import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useT } from '../../../../src/client/i18n';
import { toast } from '../../../../src/client/toast';
import { trpc } from '../../../../src/client/trpc';
import type { RiderOfferView } from '../../../../src/shared/schemas/dispatch';
import { syncServerClock } from '../../../../src/client/server-clock';
import { openOffers } from './offer-clock';
import { OfferEnded, type Ending } from './OfferEnded';
import { OfferView } from './OfferView';
import { OffersPaused } from './OffersPaused';
import { useServerNow } from './useServerNow';

interface Props {
  offers: RiderOfferView[];
  /** When the server last answered with `offers` (0: never). */
  fetchedAt: number;
  state: { paused: boolean; missed: number } | null;
}

/**
 * The offer the rider is answering, full screen, one at a time (earliest deadline first); its end when it runs out on
 * the server's clock or is taken away (the server's 409, or gone from the list) before the rider answered; the paused state.
 */
export default function OfferDesk({ offers, fetchedAt, state }: Props) {
  const t = useT();
  const qc = useQueryClient();
  const now = useServerNow();
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  const [shown, setShown] = useState<{ offer: RiderOfferView; since: number } | null>(null);
  const [ending, setEnding] = useState<{ kind: Ending; reason?: string } | null>(null);
  const next = openOffers(offers, now, closed)[0];

  const refresh = useCallback(() => {
    void qc.invalidateQueries({ queryKey: trpc.rider.offers.queryKey() });
    void qc.invalidateQueries({ queryKey: trpc.rider.offerState.queryKey() });
  }, [qc]);
  const close = (id: string) => {
    setClosed((c) => new Set(c).add(id));
    setShown(null);
    setEnding(null);
  };
  const answered = (id: string, title: string) => {
    close(id);
    toast({ title, variant: 'success' });
    refresh();
  };
  const failed = (err: { message: string; data?: { code?: string } | null }) => {
    // 409: answered late, twice, or withdrawn; 404: no longer this rider's. The server's reason is in the UI's language.
    if (err.data?.code === 'CONFLICT' || err.data?.code === 'NOT_FOUND') {
      setEnding({ kind: 'gone', reason: err.message });
      refresh();
    } else toast({ title: t('offer.failed'), description: t('offer.failedText'), variant: 'destructive' });
  };
  const accept = useMutation(
    trpc.rider.acceptOffer.mutationOptions({
      onSuccess: (_res, { offerId }) => {
        answered(offerId, t('offer.accepted'));
        void qc.invalidateQueries({ queryKey: trpc.rider.orders.queryKey() });
        void qc.invalidateQueries({ queryKey: trpc.rider.dashboard.queryKey() });
      },
      onError: failed,
    }),
  );
  const decline = useMutation(trpc.rider.declineOffer.mutationOptions({ onSuccess: (_res, { offerId }) => answered(offerId, t('offer.declined')), onError: failed }));
  const busy = accept.isPending || decline.isPending;

  // The next open offer comes up once the screen is free; its countdown runs on the server's clock.
  useEffect(() => {
    if (shown || !next) return;
    setShown({ offer: next, since: Date.now() });
    void syncServerClock();
  }, [shown, next]);

  // Ran out on the server's clock, or the server no longer lists it (taken away), while the rider had not answered.
  const current = shown ? (offers.find((o) => o.id === shown.offer.id) ?? shown.offer) : null;
  const runOut = current !== null && Date.parse(current.expiresAt) <= now;
  const takenAway = shown !== null && fetchedAt > shown.since && !offers.some((o) => o.id === shown.offer.id);
  useEffect(() => {
    if (ending || busy || !(runOut || takenAway)) return;
    setEnding({ kind: runOut ? 'expired' : 'gone' });
    refresh();
  }, [ending, busy, runOut, takenAway, refresh]);

  if (current && ending) return <OfferEnded ending={ending.kind} reason={ending.reason} onDone={() => close(current.id)} />;
  if (current) return <OfferView offer={current} now={now} busy={busy} onAccept={() => accept.mutate({ offerId: current.id })} onDecline={() => decline.mutate({ offerId: current.id })} />;
  if (state?.paused) return <OffersPaused missed={state.missed} />;
  return null;
}
