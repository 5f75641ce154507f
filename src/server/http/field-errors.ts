import type { ZodError } from 'zod';
import { localizeText } from '../../shared/i18n';

/**
 * Every field a zod refusal names, with its first message in the request's language:
 * { email: 'Invalid email format', 'deliveryAddressParts.area': 'Area is required' }.
 * Both doors send it (tRPC `data.fieldErrors`, REST `error.fields`), so a form marks each field at once.
 */
export function fieldErrorsOf(err: ZodError): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.join('.');
    if (key) out[key] ??= localizeText(issue.message);
  }
  return Object.keys(out).length ? out : undefined;
}
