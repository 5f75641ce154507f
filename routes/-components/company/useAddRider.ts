import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import type { NewRiderInput } from '../../../src/shared/schemas/company-riders';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc, trpcClient } from '../../../src/client/trpc';
import { serverFieldError, type FieldErrors } from '../../../src/client/forms';

/** Spec section 9, "Rider list refresh: 1 s": the list is refetched this long after a rider is added. */
export const RIDER_LIST_REFRESH_MS = 1000;

/**
 * Spec section 4 and 8: on success the new rider is appended locally, the caller resets
 * and closes, and the list is refetched after 1 s; failures get the spec's toasts, and the
 * fields the server refused (an email already taken) are marked.
 */
export function useAddRider(onAdded: () => void, setErrors: (e: FieldErrors) => void) {
  const t = useT();
  const queryClient = useQueryClient();
  const listKey = trpc.company.riders.queryKey();
  return useMutation({
    mutationFn: (input: NewRiderInput) => trpcClient.company.addRider.mutate(input),
    onSuccess: (res) => {
      queryClient.setQueryData(listKey, (old) => [...(old ?? []), res.rider]);
      onAdded();
      toast({ title: t('company.fleet.added'), description: res.message, variant: 'success' });
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: listKey }), RIDER_LIST_REFRESH_MS);
    },
    onError: (err) => {
      // An answer from the server carries data; a request that never got one does not.
      if (err instanceof TRPCClientError && err.data) {
        setErrors(serverFieldError(err) ?? {});
        toast({ title: t('company.fleet.addError'), description: err.message || t('company.fleet.addFailed'), variant: 'destructive' });
      } else {
        toast({ title: t('company.fleet.networkTitle'), description: t('company.fleet.networkText'), variant: 'destructive' });
      }
    },
  });
}
