import { useMutation } from '@tanstack/react-query';
import { useT } from '../../../../src/client/i18n';
import { toast } from '../../../../src/client/toast';
import { trpc } from '../../../../src/client/trpc';
import { OneTimeLink } from '../../OneTimeLink';

/**
 * A one-time password reset link for an account. The server keeps only its hash, so the link is shown here
 * once, to copy and send to the user, and gone when the dialog closes.
 */
export function ResetLinkBody({ account }: { account: { id: string; email: string } }) {
  const t = useT();
  const issue = useMutation(
    trpc.admin.issueResetLink.mutationOptions({
      onError: (err) => toast({ title: t('accounts.reset.failed'), description: err.message, variant: 'destructive' }),
    }),
  );
  const link = issue.data ? new URL(issue.data.link, window.location.origin).href : null;
  if (!link) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-base-content/80">{t('accounts.reset.text', { email: account.email })}</p>
        <div className="flex justify-end">
          <button type="button" className="btn btn-primary" disabled={issue.isPending} onClick={() => issue.mutate({ userId: account.id })} data-testid="reset-link-create">
            {issue.isPending ? t('accounts.reset.creating') : t('accounts.reset.create')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <OneTimeLink
      link={link}
      expiresAt={issue.data!.expiresAt}
      testId="reset-link"
      texts={{
        once: t('accounts.reset.once'),
        label: t('accounts.reset.title'),
        copy: t('accounts.reset.copy'),
        copied: t('accounts.reset.copied'),
        expires: (when) => t('accounts.reset.expires', { when }),
      }}
    />
  );
}
