/** Stable error codes shared by server and client. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  /** The upload is not a type the endpoint reads (checked by magic bytes). */
  'UNSUPPORTED_MEDIA_TYPE',
  /** Well-formed input the server could not make sense of (an image with no readable number). */
  'UNPROCESSABLE_CONTENT',
  'TOO_MANY_REQUESTS',
  'INTERNAL_SERVER_ERROR',
  /** An upstream service (Google Sheets) failed or did not answer in time. */
  'BAD_GATEWAY',
  /** A feature is switched off because its configuration is missing. */
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
};

/** The REST error body: { error: { code, message, field? } }. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; field?: string };
}
