import { useMutation } from '@tanstack/react-query';
import { useT } from '../../../../src/client/i18n';
import { toast } from '../../../../src/client/toast';
import { trpc } from '../../../../src/client/trpc';
import { ManagerInviteLink } from './ManagerInviteLink';

/** A new invitation for a manager who has never signed in; the earlier link stops working. */
export function ReissueBody({ account, onDone }: { account: { id: string; email: string }; onDone: () => void }) {
  const t = useT();
  const issue = useMutation(
    trpc.admin.reissueInvitation.mutationOptions({
      onError: (err) => toast({ title: t('managers.reissue.failed'), description: err.message, variant: 'destructive' }),
    }),
  );
  if (issue.data) return <ManagerInviteLink invitation={issue.data} onDone={onDone} />;
  return (
    <div className="space-y-4">
      <p className="text-sm text-base-content/80">{t('managers.reissue.text', { email: account.email })}</p>
      <div className="flex justify-end">
        <button type="button" className="btn btn-primary" disabled={issue.isPending} onClick={() => issue.mutate({ userId: account.id })} data-testid="reissue-create">
          {issue.isPending ? t('accounts.reset.creating') : t('managers.reissue.create')}
        </button>
      </div>
    </div>
  );
}
