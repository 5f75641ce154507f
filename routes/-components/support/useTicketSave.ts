import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';

/** Mutation callbacks for ticket writes: refresh every ticket query, or show why the write failed. */
export function useTicketSave(after?: () => void) {
  const t = useT();
  const queryClient = useQueryClient();
  return {
    onSuccess: async () => {
      after?.();
      await queryClient.invalidateQueries({ queryKey: trpc.contact.tickets.pathKey() });
    },
    onError: (err: { message: string }) => toast({ title: t('tickets.saveError'), description: err.message, variant: 'destructive' as const }),
  };
}
