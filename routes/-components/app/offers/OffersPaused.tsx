import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT, useTn } from '../../../../src/client/i18n';
import { toast } from '../../../../src/client/toast';
import { trpc } from '../../../../src/client/trpc';
import { Icon } from '../../../../src/client/ui/Icon';

/** Offers stopped after `missed` offers in a row ran out (the company's setting), until the rider resumes them. */
export function OffersPaused({ missed }: { missed: number }) {
  const t = useT();
  const tn = useTn();
  const qc = useQueryClient();
  const resume = useMutation(
    trpc.rider.resumeOffers.mutationOptions({
      onSuccess: () => {
        toast({ title: t('offer.paused.resumed'), variant: 'success' });
        void qc.invalidateQueries({ queryKey: trpc.rider.offerState.queryKey() });
        void qc.invalidateQueries({ queryKey: trpc.rider.offers.queryKey() });
      },
      onError: (err) => toast({ title: t('offer.failed'), description: err.message, variant: 'destructive' }),
    }),
  );
  return (
    <div role="status" className="alert alert-warning flex flex-wrap items-center gap-3" data-testid="offers-paused">
      <Icon name="pause" className="size-6 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t('offer.paused.title')}</p>
        <p className="text-sm">
          {missed > 0 ? `${tn('offer.paused.missed', missed)} ` : ''}
          {t('offer.paused.text')}
        </p>
      </div>
      <button type="button" className="btn h-12 w-full sm:w-auto" disabled={resume.isPending} onClick={() => resume.mutate()} data-testid="offers-resume">
        <Icon name="play" />
        {t('offer.paused.resume')}
      </button>
    </div>
  );
}
