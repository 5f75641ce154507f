import { useMutation } from '@tanstack/react-query';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { OneTimeLink } from '../OneTimeLink';
import type { FleetRider } from './RiderCard';

/**
 * A one-time sign-in link for a rider. The server keeps only its hash, so the link is
 * shown here once (copy or WhatsApp) and gone when the dialog closes.
 */
export function InviteBody({ rider }: { rider: FleetRider }) {
  const t = useT();
  const invite = useMutation(
    trpc.company.inviteRider.mutationOptions({
      onError: (err) => toast({ title: t('company.invite.failed'), description: err.message, variant: 'destructive' }),
    }),
  );
  const link = invite.data ? new URL(invite.data.link, window.location.origin).href : null;
  if (!link) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-base-content/80">{t('company.invite.text')}</p>
        <div className="flex justify-end">
          <button type="button" className="btn btn-primary" disabled={invite.isPending} onClick={() => invite.mutate({ id: rider.id })} data-testid="invite-create">
            {invite.isPending ? t('company.invite.creating') : t('company.invite.create')}
          </button>
        </div>
      </div>
    );
  }
  const message = t('company.invite.message', { name: rider.name.split(' ')[0] ?? rider.name, link });
  return (
    <OneTimeLink
      link={link}
      expiresAt={invite.data!.expiresAt}
      testId="invite-link"
      texts={{
        once: t('company.invite.once'),
        label: t('company.fleet.invite'),
        copy: t('company.invite.copy'),
        copied: t('company.invite.copied'),
        expires: (when) => t('company.invite.expires', { when }),
      }}
    >
      <a className="btn btn-success btn-sm" href={`https://wa.me/?text=${encodeURIComponent(message)}`} target="_blank" rel="noopener noreferrer" data-testid="invite-whatsapp">
        {t('company.invite.whatsapp')}
      </a>
    </OneTimeLink>
  );
}
