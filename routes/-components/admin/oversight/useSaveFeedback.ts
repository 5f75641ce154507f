import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useT } from '../../../../src/client/i18n';
import { toast } from '../../../../src/client/toast';
import { trpc } from '../../../../src/client/trpc';

/** Mutation callbacks for the oversight tables: toast, refresh the admin queries (or those under `refresh`), then `after`. */
export function useSaveFeedback(after?: () => void, refresh: QueryKey = trpc.admin.pathKey()) {
  const t = useT();
  const queryClient = useQueryClient();
  return {
    onSuccess: async () => {
      toast({ title: t('oversight.saved'), variant: 'success' as const });
      after?.();
      await queryClient.invalidateQueries({ queryKey: refresh });
    },
    onError: (err: { message: string }) => toast({ title: t('oversight.saveFailed'), description: err.message, variant: 'destructive' as const }),
  };
}
