import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { dateLocale } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import type { FleetRider } from './RiderCard';

const expiry = (at: Date) => new Intl.DateTimeFormat(dateLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(at);

/**
 * A one-time sign-in link for a rider. The server keeps only its hash, so the link is
 * shown here once (copy or WhatsApp) and gone when the dialog closes.
 */
export function InviteBody({ rider }: { rider: FleetRider }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const invite = useMutation(
    trpc.company.inviteRider.mutationOptions({
      onError: (err) => toast({ title: t('company.invite.failed'), description: err.message, variant: 'destructive' }),
    }),
  );
  const link = invite.data ? new URL(invite.data.link, window.location.origin).href : null;
  const copy = async () => {
    if (!link) return;
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    setCopied(true);
  };
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
    <div className="space-y-4">
      <div role="alert" className="rounded-box border border-warning/50 bg-warning/10 p-3 text-sm font-medium">
        {t('company.invite.once')}
      </div>
      <div className="join w-full">
        <input className="input join-item w-full font-mono text-sm" dir="ltr" readOnly value={link} onFocus={(e) => e.target.select()} data-testid="invite-link" aria-label={t('company.fleet.invite')} />
        <button type="button" className="btn join-item btn-primary" onClick={copy} data-testid="invite-copy">
          {copied ? t('company.invite.copied') : t('company.invite.copy')}
        </button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-base-content/70">{t('company.invite.expires', { when: expiry(new Date(invite.data!.expiresAt)) })}</p>
        <a className="btn btn-success btn-sm" href={`https://wa.me/?text=${encodeURIComponent(message)}`} target="_blank" rel="noopener noreferrer" data-testid="invite-whatsapp">
          {t('company.invite.whatsapp')}
        </a>
      </div>
    </div>
  );
}
