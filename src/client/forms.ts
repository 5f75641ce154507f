import { TRPCClientError } from '@trpc/client';
import { useState } from 'react';
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/** zod issues → { field: message }, first message per field, in the UI's language (the schemas render their messages by key). */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const i of issues) {
    const key = String(i.path[0] ?? '_');
    const message = i.message;
    out[key] ??= message;
    // Nested fields (a structured address's 'deliveryAddressParts.area') are also kept by their full path.
    if (i.path.length > 1) out[i.path.join('.')] ??= message;
  }
  return out;
}

/** The fields a refusal names, by full path, also kept by their first segment ('deliveryAddressParts.area' → 'deliveryAddressParts'). */
function byField(named: Record<string, string>): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(named)) {
    out[path] ??= message;
    out[path.split('.')[0]!] ??= message;
  }
  return out;
}

/**
 * A server refusal that names fields → { field: message }: a tRPC error's `data.fieldErrors` (every field the
 * zod schema refused, or the one a domain error names), or a REST body's `error.fields` / `error.field`.
 */
export function serverFieldError(err: unknown): FieldErrors | null {
  if (err instanceof TRPCClientError) {
    const data = err.data as { field?: string; fieldErrors?: Record<string, string> } | undefined;
    if (data?.fieldErrors) return byField(data.fieldErrors);
    const field = data?.field;
    if (!field) return null;
    return byField({ [field]: err.message.startsWith(`${field}: `) ? err.message.slice(field.length + 2) : err.message });
  }
  const rest = (err as { error?: { message?: string; field?: string; fields?: Record<string, string> } } | null)?.error;
  if (rest?.fields) return byField(rest.fields);
  if (rest?.field && rest.message) return byField({ [rest.field]: rest.message });
  return null;
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
