import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../../shared/errors';
import { t } from '../../shared/i18n';
import { DomainError } from '../errors';
import { log } from '../log';
import { fieldErrorsOf } from './field-errors';

/**
 * The one REST error shape. `success`/`message` keep the spec's login contract. `message` is the text as the
 * caller is to read it: rendered from the catalog in the request's language (mapError renders domain errors by key).
 */
export function errorBody(code: ErrorCode, message: string, field?: string, fields?: Record<string, string>) {
  return { success: false as const, message, error: { code, message, ...(field ? { field } : {}), ...(fields ? { fields } : {}) } };
}

export interface MappedError {
  status: number;
  body: ReturnType<typeof errorBody>;
  retryAfter?: number;
}

function fromZod(err: ZodError): MappedError {
  const issue = err.issues[0];
  const field = issue?.path.join('.') || undefined;
  // zod rendered the issue's message by key when it refused (shared/i18n/message.ts).
  const message = issue ? `${field ? `${field}: ` : ''}${issue.message}` : t('error.BAD_REQUEST');
  return { status: 400, body: errorBody('BAD_REQUEST', message, field, fieldErrorsOf(err)) };
}

/** Map anything thrown behind a REST shim to status + body; unknown errors are 500 and logged. */
export function mapError(err: unknown): MappedError {
  const cause = err instanceof TRPCError ? err.cause : err;
  if (cause instanceof ZodError) return fromZod(cause);
  if (cause instanceof DomainError) {
    return { status: ERROR_STATUS[cause.code], body: errorBody(cause.code, cause.localized(), cause.field), retryAfter: cause.retryAfterSeconds };
  }
  if (err instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(err);
    const code = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((k) => ERROR_STATUS[k] === status) ?? 'BAD_REQUEST';
    if (status < 500) return { status, body: errorBody(code, err.message) };
  }
  log.error('unexpected error', err);
  return { status: 500, body: errorBody('INTERNAL_SERVER_ERROR', 'Internal server error') };
}
