import type { ErrorCode } from '../shared/errors';
import { currentLocale, type Locale } from '../shared/i18n';
import { render, type Message } from '../shared/i18n/message';

/**
 * Services throw these with a catalog key and its parameters, never a sentence: each door (tRPC, REST,
 * MCP, the assistant) renders `localized()` in its request's language. `message` is the English text, for logs.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly text: Message,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(render('en', text));
    this.name = 'DomainError';
  }

  localized(locale: Locale = currentLocale()): string {
    return render(locale, this.text);
  }
}

export const invalid = (text: Message, field?: string) => new DomainError('BAD_REQUEST', text, field);
export const unauthorized = (text: Message = { key: 'error.UNAUTHORIZED' }) => new DomainError('UNAUTHORIZED', text);
export const forbidden = (text: Message) => new DomainError('FORBIDDEN', text);
export const notFound = (text: Message = { key: 'error.NOT_FOUND' }) => new DomainError('NOT_FOUND', text);
export const conflict = (text: Message, field?: string) => new DomainError('CONFLICT', text, field);
export const rateLimited = (text: Message, retryAfterSeconds: number) => new DomainError('TOO_MANY_REQUESTS', text, undefined, retryAfterSeconds);
