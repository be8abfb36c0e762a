import type { Services } from '../services.js';
import { isoWithOffset } from '../http/timestamps.js';
import { seal } from '../vault/envelope.js';
import type { StreamUsage } from '../relay/stream-rewriter.js';

/** What one proxy call did, filled in as it goes. */
export interface ProxyCallRecord {
  id: string;
  startedAt: number;
  at: Date;
  tenantId: string | null;
  provider: string | null;
  model: string | null;
  stream: boolean;
  sessionId: string | null;
  traceId: string | null;
  status: number;
  upstreamMs: number | null;
  firstByteMs: number | null;
  entities: { entity_type: string; label: string; score: number }[];
  restored: number;
  usage: StreamUsage;
  errorCode: string | null;
  /** Debug mode: the sanitized request and the raw provider response, capped. */
  debug: { request: string; response: string | null } | null;
}

export const debugAad = (tenantId: string, requestId: string, part: 'request' | 'response') =>
  `debug:${tenantId}:${requestId}:${part}`;

/**
 * Request log, audit rows and usage of one proxy call: one queue item (never blocking the answer);
 * calls that end together share a job.
 */
export async function recordProxyCall(services: Services, call: ProxyCallRecord): Promise<void> {
  const tenantId = call.tenantId!;
  const at = isoWithOffset(call.at);
  const entityCounts: Record<string, number> = {};
  for (const e of call.entities) entityCounts[e.entity_type] = (entityCounts[e.entity_type] ?? 0) + 1;

  let debug = null;
  if (call.debug) {
    const keys = await services.keyring.active(tenantId);
    const encrypt = (text: string | null, part: 'request' | 'response') =>
      text === null
        ? null
        : seal(keys.dataKey, Buffer.from(text, 'utf8'), debugAad(tenantId, call.id, part)).toString('base64');
    debug = {
      key_version: keys.version,
      request: encrypt(call.debug.request, 'request'),
      response: encrypt(call.debug.response, 'response'),
    };
  }

  await services.queues.addToBatch('request-log', {
    tenant_id: tenantId,
    id: call.id,
    provider: call.provider ?? 'unknown',
    model: call.model,
    status: call.status,
    stream: call.stream,
    session_id: call.sessionId,
    trace_id: call.traceId,
    latency_ms: performance.now() - call.startedAt,
    upstream_latency_ms: call.upstreamMs,
    first_byte_ms: call.firstByteMs,
    entity_counts: entityCounts,
    restored_count: call.restored,
    input_tokens: call.usage.inputTokens,
    output_tokens: call.usage.outputTokens,
    error_code: call.errorCode,
    at,
    debug,
    audit_entities: call.entities,
    metered: call.status >= 200 && call.status < 300,
  });
}
