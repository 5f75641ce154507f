import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageKey } from '../../../src/shared/i18n';
import { serverFieldError, type FieldErrors } from '../../../src/client/forms';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';

/**
 * The admin modals' submit: the spec's success toast and reset on success; on failure
 * the spec's error toast, plus the field the server named shown inline.
 */
export function useCreateMutation<TInput, TResult = unknown>(opts: {
  mutationFn: (input: TInput) => Promise<TResult>;
  success: MessageKey;
  failure: MessageKey;
  onDone: (result: TResult) => void;
  setErrors: (e: FieldErrors) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: opts.mutationFn,
    onSuccess: async (result) => {
      toast({ title: t(opts.success), variant: 'success' });
      opts.onDone(result);
      await queryClient.invalidateQueries();
    },
    onError: (err) => {
      const fields = serverFieldError(err);
      if (fields) opts.setErrors(fields);
      toast({ title: t(opts.failure), description: t('admin.toast.tryLater'), variant: 'destructive' });
    },
  });
}
