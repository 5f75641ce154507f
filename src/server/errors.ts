import type { ErrorCode } from '../shared/errors';

/** Services throw these; one tRPC middleware and one Hono handler map them to the wire. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string, field?: string) => new DomainError('BAD_REQUEST', message, field);
export const unauthorized = (message = 'You need to sign in') => new DomainError('UNAUTHORIZED', message);
export const forbidden = (message: string) => new DomainError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new DomainError('NOT_FOUND', message);
export const conflict = (message: string, field?: string) => new DomainError('CONFLICT', message, field);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new DomainError('TOO_MANY_REQUESTS', message, undefined, retryAfterSeconds);
