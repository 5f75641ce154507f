import { useT } from '../../../../src/client/i18n';
import { OneTimeLink } from '../../OneTimeLink';

/** What the admin's calls that invite a manager answer (admin.createCompany, addManager, reissueInvitation). */
export interface ManagerInvitation {
  invitationUrl: string;
  expiresAt: string;
  emailed: boolean;
  manager: { email: string; name: string };
  company: { name: string };
}

/**
 * A manager's one-time invitation, shown once: copy, share on WhatsApp, and whether it was also e-mailed.
 * The server keeps only its hash, so closing the dialog loses it (a new one can be issued until first sign-in).
 */
export function ManagerInviteLink({ invitation, onDone }: { invitation: ManagerInvitation; onDone: () => void }) {
  const t = useT();
  const link = new URL(invitation.invitationUrl, window.location.origin).href;
  const firstName = invitation.manager.name.split(' ')[0] ?? invitation.manager.name;
  const message = t('managers.invite.message', { name: firstName, company: invitation.company.name, link });
  return (
    <div className="space-y-4" data-testid="manager-invitation">
      <OneTimeLink
        link={link}
        expiresAt={invitation.expiresAt}
        testId="manager-invite-link"
        texts={{
          once: t('managers.invite.once'),
          label: t('managers.invite.label'),
          copy: t('company.invite.copy'),
          copied: t('company.invite.copied'),
          expires: (when) => t('managers.invite.expires', { when }),
        }}
      >
        <a className="btn btn-success btn-sm" href={`https://wa.me/?text=${encodeURIComponent(message)}`} target="_blank" rel="noopener noreferrer" data-testid="manager-invite-whatsapp">
          {t('managers.invite.whatsapp')}
        </a>
      </OneTimeLink>
      <p className="text-sm text-base-content/80" data-testid="manager-invite-emailed">
        {invitation.emailed ? t('managers.invite.emailed', { email: invitation.manager.email }) : t('managers.invite.notEmailed')}
      </p>
      <div className="flex justify-end">
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t('managers.invite.done')}
        </button>
      </div>
    </div>
  );
}
