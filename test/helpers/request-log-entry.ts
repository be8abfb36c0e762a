import { randomBytes } from 'node:crypto';
import type { RequestLogEntry } from '../../src/queues/catalog.js';

/** A request-log queue item of a successful JSON chat call with two entities, as the proxy queues it. */
export function requestLogEntry(tenantId: string, overrides: Partial<RequestLogEntry> = {}): RequestLogEntry {
  return {
    tenant_id: tenantId,
    id: `req_${randomBytes(8).toString('hex')}`,
    provider: 'openai',
    model: 'gpt-4o-mini',
    status: 200,
    stream: false,
    session_id: null,
    trace_id: null,
    latency_ms: 4.2,
    upstream_latency_ms: 1.1,
    first_byte_ms: null,
    entity_counts: { PERSON: 1, EMAIL_ADDRESS: 1 },
    restored_count: 2,
    input_tokens: 12,
    output_tokens: 7,
    error_code: null,
    at: new Date().toISOString(),
    debug: null,
    audit_entities: [
      { entity_type: 'PERSON', label: 'NAME', score: 0.9 },
      { entity_type: 'EMAIL_ADDRESS', label: 'EMAIL', score: 1 },
    ],
    metered: true,
    ...overrides,
  };
}
