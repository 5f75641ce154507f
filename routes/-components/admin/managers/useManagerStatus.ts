import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../../src/client/i18n';
import { toast } from '../../../../src/client/toast';
import { trpc } from '../../../../src/client/trpc';

/** Suspend or reinstate one manager, with the toast that says what happened and a fresh Accounts list. */
export function useManagerStatus(account: { id: string; email: string }, onDone?: () => void) {
  const t = useT();
  const queryClient = useQueryClient();
  const m = useMutation(
    trpc.admin.setManagerStatus.mutationOptions({
      onSuccess: async (res) => {
        toast({ title: t(res.suspended ? 'managers.suspended' : 'managers.reinstated', { email: account.email }), variant: 'success' });
        await queryClient.invalidateQueries({ queryKey: trpc.admin.accounts.pathKey() });
        onDone?.();
      },
      onError: (err) => toast({ title: t('managers.status.failed'), description: err.message, variant: 'destructive' }),
    }),
  );
  return { pending: m.isPending, set: (suspended: boolean) => m.mutate({ userId: account.id, suspended }) };
}
