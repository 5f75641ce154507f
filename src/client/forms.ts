import { TRPCClientError } from '@trpc/client';
import { useState } from 'react';
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/** zod issues → { field: message }, first message per field. */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const i of issues) {
    const key = String(i.path[0] ?? '_');
    out[key] ??= i.message;
    // Nested fields (a structured address's 'deliveryAddressParts.area') are also kept by their full path.
    if (i.path.length > 1) out[i.path.join('.')] ??= i.message;
  }
  return out;
}

/** A server refusal that names a field ({ data: { field } }) → { field: message }. */
export function serverFieldError(err: unknown): FieldErrors | null {
  if (!(err instanceof TRPCClientError)) return null;
  const field = (err.data as { field?: string } | undefined)?.field;
  if (!field) return null;
  const message = err.message.startsWith(`${field}: `) ? err.message.slice(field.length + 2) : err.message;
  return { [field.split('.')[0]!]: message };
}

/** Form state validated by the shared zod schema before anything is sent. */
export function useSchemaForm<S extends z.ZodType, V extends Record<string, string>>(schema: S, initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (key: keyof V & string) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const reset = () => {
    setValues(initial);
    setErrors({});
  };
  /** Returns parsed data, or null after showing the errors. */
  const validate = (raw: unknown): z.infer<S> | null => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors(issuesToErrors(parsed.error.issues));
    return null;
  };
  return { values, setValues, set, errors, setErrors, reset, validate };
}
