import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceError } from '../errors.js';
import { ERROR_CODE_HEADER } from '../http/client-errors.js';

/** Which wire shape errors take on a proxy route: the provider's own (DESIGN 5). */
export type ErrorShape = 'openai' | 'anthropic';

const ANTHROPIC_TYPE: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
};

export function proxyErrorBody(shape: ErrorShape, error: ServiceError) {
  if (shape === 'anthropic') {
    return {
      type: 'error',
      error: { type: ANTHROPIC_TYPE[error.status] ?? 'api_error', message: error.message },
    };
  }
  const type =
    error.status === 401
      ? 'authentication_error'
      : error.status < 500
        ? 'invalid_request_error'
        : 'server_error';
  return { error: { message: error.message, type, param: null, code: error.code } };
}

export function sendProxyError(
  request: FastifyRequest,
  reply: FastifyReply,
  shape: ErrorShape,
  error: ServiceError,
) {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply
    .status(error.status)
    .header(ERROR_CODE_HEADER, error.code)
    .header('x-request-id', request.id)
    .send(proxyErrorBody(shape, error));
}
