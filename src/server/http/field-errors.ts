import type { ZodError } from 'zod';

/**
 * Every field a zod refusal names, with its first message (rendered by key in the request's language when zod refused):
 * { email: 'Invalid email format', 'deliveryAddressParts.area': 'Area is required' }.
 * Both doors send it (tRPC `data.fieldErrors`, REST `error.fields`), so a form marks each field at once.
 */
export function fieldErrorsOf(err: ZodError): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.join('.');
    if (key) out[key] ??= issue.message;
  }
  return Object.keys(out).length ? out : undefined;
}
