import { Agent, errors as undiciErrors, type Dispatcher } from 'undici';
import { ServiceError } from '../errors.js';

/** Headers passed upstream (DESIGN 6); everything else, `X-Service-*` above all, stays here. */
const FORWARDED = [
  'authorization',
  'x-api-key',
  'anthropic-version',
  'anthropic-beta',
  'openai-organization',
  'openai-project',
  'openai-beta',
  'user-agent',
  'traceparent',
  'tracestate',
  'idempotency-key',
  'accept',
];

/** Provider response headers not relayed: we re-frame the body, so its length and encoding are ours. */
const NOT_RELAYED = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

export function upstreamHeaders(
  incoming: Record<string, string | string[] | undefined>,
  defaults: Record<string, string>,
) {
  const out: Record<string, string> = { ...defaults };
  for (const name of FORWARDED) {
    const value = incoming[name];
    if (typeof value === 'string') out[name] = value;
  }
  out['content-type'] = 'application/json';
  out['accept-encoding'] = 'identity';
  return out;
}

export function relayedHeaders(
  upstream: Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(upstream)) {
    if (
      value === undefined ||
      NOT_RELAYED.has(name.toLowerCase()) ||
      name.toLowerCase().startsWith('x-service-')
    )
      continue;
    out[name] = value;
  }
  return out;
}

export interface UpstreamOptions {
  /** Waiting for the provider's response headers longer than this → 504. */
  headersTimeoutMs: number;
  /** Silence between body chunks longer than this ends the stream as broken. */
  bodyTimeoutMs: number;
}

/** One keep-alive connection pool per upstream origin (undici Agent), shared by all requests. */
export function createUpstreamAgent(options: UpstreamOptions): Agent {
  return new Agent({
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: options.bodyTimeoutMs,
    keepAliveTimeout: 30_000,
    connections: 256,
  });
}

export async function sendUpstream(
  agent: Dispatcher,
  url: string,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<Dispatcher.ResponseData> {
  try {
    return await agent.request({
      origin: new URL(url).origin,
      path: pathOf(url),
      method: 'POST',
      headers,
      body,
      signal,
    });
  } catch (error) {
    throw upstreamError(error);
  }
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

export function upstreamError(error: unknown): ServiceError {
  if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
    return new ServiceError('upstream_timeout', 'the provider did not answer in time', { cause: error });
  }
  return new ServiceError('upstream_unreachable', 'the provider could not be reached', { cause: error });
}
