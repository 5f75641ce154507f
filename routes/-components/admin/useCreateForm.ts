import type { FormEvent } from 'react';
import type { z } from 'zod';
import type { MessageKey } from '../../../src/shared/i18n';
import { useSchemaForm } from '../../../src/client/forms';
import { useCreateMutation } from './useCreateMutation';

/**
 * An admin "add" modal's form: values checked by the shared schema, sent with the
 * spec's timestamp, the spec's toasts, reset and close on success.
 */
export function useCreateForm<S extends z.ZodType, V extends Record<string, string>, R = unknown>(opts: {
  schema: S;
  initial: V;
  send: (input: z.infer<S>) => Promise<R>;
  success: MessageKey;
  failure: MessageKey;
  onDone: () => void;
  /** Instead of closing: the answer has something to show once (Add Company's invitation link). */
  onCreated?: (result: R) => void;
  /** Shape the raw values before validation (e.g. parse the fee). */
  toInput?: (values: V) => Record<string, unknown>;
}) {
  const form = useSchemaForm(opts.schema, opts.initial);
  const m = useCreateMutation({
    mutationFn: opts.send,
    success: opts.success,
    failure: opts.failure,
    setErrors: form.setErrors,
    onDone: (result) => {
      form.reset();
      if (opts.onCreated) opts.onCreated(result);
      else opts.onDone();
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const raw = opts.toInput ? opts.toInput(form.values) : form.values;
    const data = form.validate({ ...raw, timestamp: new Date().toISOString() });
    if (data) m.mutate(data);
  };
  return { form, onSubmit, pending: m.isPending };
}
