/** The closed set of error codes the service answers with, and the one table mapping them to HTTP status. */
export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_session_id: 400,
  unauthorized: 401,
  session_expired: 401,
  forbidden: 403,
  origin_not_allowed: 403,
  invalid_grant: 403,
  session_owned: 403,
  not_found: 404,
  method_not_allowed: 405,
  provider_key_exists: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  upstream_unreachable: 502,
  tokenization_unavailable: 503,
  token_cache_unavailable: 503,
  service_unavailable: 503,
  upstream_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra response headers, e.g. Retry-After. */
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ServiceError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.headers = options.headers ?? {};
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}
