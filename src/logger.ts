import { pino, type Logger, type LoggerOptions } from 'pino';

/**
 * Headers that carry credentials or session ids are redacted wherever they appear; request logs
 * carry the route pattern, never the raw URL (paths can hold end-user ids) and never bodies.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'req.headers["x-service-session-id"]',
  'headers.authorization',
  'headers["x-api-key"]',
  'headers.cookie',
  'headers["x-service-session-id"]',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { id?: string; method?: string; routeOptions?: { url?: string } }) => ({
        id: req.id,
        method: req.method,
        route: req.routeOptions?.url,
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      err: (err: Error & { code?: string }) => ({ type: err.name, code: err.code, message: err.message }),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
