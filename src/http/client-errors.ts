import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ServiceError, isServiceError, type ErrorCode } from '../errors.js';

export const ERROR_CODE_HEADER = 'x-service-error-code';

/** Error body of the client and admin APIs (DESIGN 5). */
export function clientErrorBody(code: ErrorCode, message: string, requestId: string) {
  return { error: { code, message, request_id: requestId } };
}

/**
 * Validation messages name the field path and the rule, never the value: zod's default messages can
 * quote input (e.g. unrecognized enum values), so we rebuild them from the issue's shape.
 */
export function describeZodError(error: z.ZodError): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.length ? issue.path.join('.') : 'body';
    switch (issue.code) {
      case 'invalid_type':
        return `${path}: expected ${issue.expected}`;
      case 'too_small':
        return `${path}: must be at least ${String(issue.minimum)}${issue.origin === 'string' ? ' characters' : ''}`;
      case 'too_big':
        return `${path}: must be at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters' : ''}`;
      case 'unrecognized_keys':
        // Field names are caller input too (they could hold anything): count them, never echo them.
        return `${path}: ${issue.keys.length} unknown field(s)`;
      case 'invalid_value':
        return `${path}: must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
      case 'invalid_format':
        return `${path}: invalid ${issue.format}`;
      default:
        return `${path}: ${issue.message.startsWith('Invalid input') ? 'invalid value' : issue.message}`;
    }
  });
  return parts.join('; ');
}

export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ServiceError('invalid_request', describeZodError(result.error));
  return result.data;
}

/** Maps anything thrown in a client/admin route to our error shape; unknown errors become a bare 500. */
export function toServiceError(error: unknown): ServiceError {
  if (isServiceError(error)) return error;
  const fe = error as FastifyError;
  if (fe && typeof fe.statusCode === 'number') {
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return new ServiceError('payload_too_large', 'request body too large');
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return new ServiceError('unsupported_media_type', 'content-type must be application/json');
    if (
      fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      fe.statusCode === 400
    )
      return new ServiceError('invalid_request', 'request body is not valid JSON');
    if (fe.statusCode === 404) return new ServiceError('not_found', 'not found');
  }
  return new ServiceError('internal_error', 'internal error', { cause: error });
}

export function sendClientError(request: FastifyRequest, reply: FastifyReply, error: ServiceError) {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply
    .status(error.status)
    .header(ERROR_CODE_HEADER, error.code)
    .send(clientErrorBody(error.code, error.message, request.id));
}
