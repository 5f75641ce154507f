import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { dateLocale } from '../../../../src/client/format';
import { useT } from '../../../../src/client/i18n';
import { toast } from '../../../../src/client/toast';
import { trpc } from '../../../../src/client/trpc';
import { Icon } from '../../../../src/client/ui/Icon';

const expiry = (at: Date) => new Intl.DateTimeFormat(dateLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(at);

/**
 * A one-time password reset link for an account. The server keeps only its hash, so the link is shown here
 * once, to copy and send to the user, and gone when the dialog closes.
 */
export function ResetLinkBody({ account }: { account: { id: string; email: string } }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
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
  const copy = async () => {
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    setCopied(true);
  };
  return (
    <div className="space-y-4">
      <div role="alert" className="rounded-box border border-warning/50 bg-warning/10 p-3 text-sm font-medium">
        {t('accounts.reset.once')}
      </div>
      <div className="join w-full">
        <input className="input join-item w-full font-mono text-sm" dir="ltr" readOnly value={link} onFocus={(e) => e.target.select()} data-testid="reset-link" aria-label={t('accounts.reset.title')} />
        <button type="button" className="btn join-item btn-primary" onClick={copy} data-testid="reset-link-copy">
          <Icon name={copied ? 'check' : 'copy'} className="size-4" />
          {copied ? t('accounts.reset.copied') : t('accounts.reset.copy')}
        </button>
      </div>
      <p className="text-xs text-base-content/70">{t('accounts.reset.expires', { when: expiry(new Date(issue.data!.expiresAt)) })}</p>
    </div>
  );
}
