import { useMutation } from '@tanstack/react-query';
import { RESET_LINK_TTL_MINUTES } from '../../../src/shared/schemas/accounts';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { OneTimeLink } from '../OneTimeLink';
import type { FleetRider } from './RiderCard';

/**
 * A rider who never signed up gets a one-time sign-in link: the server keeps only its hash, so it is shown
 * here once (copy or WhatsApp) and gone when the dialog closes. A rider who has signed up gets a reset
 * e-mailed to them: the manager sees only whether it was sent, never a link (issue 22 item 3).
 */
export function InviteBody({ rider }: { rider: FleetRider }) {
  const t = useT();
  const name = rider.name.split(' ')[0] ?? rider.name;
  const invite = useMutation(
    trpc.company.inviteRider.mutationOptions({
      onError: (err) => toast({ title: t(rider.signedUp ? 'company.reset.failed' : 'company.invite.failed'), description: err.message, variant: 'destructive' }),
    }),
  );
  const answer = invite.data;
  if (answer?.kind === 'reset') {
    return (
      <div role="status" className={`alert ${answer.sent ? 'alert-success' : 'alert-warning'} alert-soft`} data-testid={answer.sent ? 'reset-sent' : 'reset-not-sent'}>
        {t(answer.sent ? 'company.reset.sent' : 'company.reset.notSent', { name: rider.name })}
      </div>
    );
  }
  if (answer?.kind === 'invitation') {
    const link = new URL(answer.link, window.location.origin).href;
    return (
      <OneTimeLink
        link={link}
        expiresAt={answer.expiresAt}
        testId="invite-link"
        texts={{
          once: t('company.invite.once'),
          label: t('company.fleet.invite'),
          copy: t('company.invite.copy'),
          copied: t('company.invite.copied'),
          expires: (when) => t('company.invite.expires', { when }),
        }}
      >
        <a
          className="btn btn-success btn-sm"
          href={`https://wa.me/?text=${encodeURIComponent(t('company.invite.message', { name, link }))}`}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="invite-whatsapp"
        >
          {t('company.invite.whatsapp')}
        </a>
      </OneTimeLink>
    );
  }
  const reset = rider.signedUp;
  return (
    <div className="space-y-4">
      <p className="text-sm text-base-content/80">{reset ? t('company.reset.text', { name, minutes: RESET_LINK_TTL_MINUTES }) : t('company.invite.text')}</p>
      <div className="flex justify-end">
        <button type="button" className="btn btn-primary" disabled={invite.isPending} onClick={() => invite.mutate({ id: rider.id })} data-testid="invite-create">
          {invite.isPending ? t(reset ? 'company.reset.sending' : 'company.invite.creating') : t(reset ? 'company.reset.send' : 'company.invite.create')}
        </button>
      </div>
    </div>
  );
}
