import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import { adminHeaders, adminPost, createTenant } from '../helpers/fixtures.js';
import { expectNoLeak, PII, PII_PROMPT, startProxyHarness, type ProxyHarness } from './proxy-harness.js';
import {
  drainQueues as queuesIdle,
  eventually,
  startInProcessWorkers as startProxyWorkers,
} from '../helpers/in-process-workers.js';
import { queuedItem } from '../helpers/queued-items.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;
const DEBUG_KEY = 'sk-proj-test-DEBUG-0123456789abcdef';
const MIB = 1024 * 1024;
/** Bodies a fifth over the debug cap. */
const OVER_CAP = 1_258_291;
const PII_COUNTS = { EMAIL_ADDRESS: 1, PHONE_NUMBER: 1, IBAN_CODE: 1, CREDIT_CARD: 1 };

interface LoggedCall {
  id: string;
  provider: string;
  model: string | null;
  status: number;
  stream: boolean;
  session_id: string | null;
  trace_id: string | null;
  latency_ms: number | null;
  upstream_latency_ms: number | null;
  first_byte_ms: number | null;
  entity_counts: Record<string, number>;
  restored_count: number;
  usage: { input_tokens: number | null; output_tokens: number | null } | null;
  error_code: string | null;
  debug: boolean;
  created_at: string;
}
interface LoggedCallDetail extends LoggedCall {
  debug_bodies: { request_body: string | null; response_body: string | null; expires_at: string } | null;
}
interface Page<T> {
  data: T[];
  next_cursor: string | null;
}
interface AuditItem {
  event_id: string;
  source: string;
  entity_type: string;
  label: string;
  score: number;
  created_at: string;
}

let h: ProxyHarness;
let workers: { close(): Promise<void> };
let debugTenant: string;

beforeAll(async () => {
  h = await startProxyHarness();
  workers = await startProxyWorkers(h.t);
  // Debug mode is on before the tenant's key is first used (key records are cached up to 5 s).
  debugTenant = await createTenant(h.t.app, 'Debugging');
  const patched = await h.t.app.inject({
    method: 'PATCH',
    url: `/admin/api/tenants/${debugTenant}/settings`,
    headers: adminHeaders,
    payload: { debug_mode: true },
  });
  expect(patched.statusCode).toBe(200);
  await adminPost(h.t.app, `/tenants/${debugTenant}/provider-keys`, { provider: 'openai', key: DEBUG_KEY });
});
afterAll(async () => {
  await workers?.close();
  await h?.close();
});
beforeEach(() => {
  h.fake.reset();
});

const lastUpstream = () => h.fake.requests[h.fake.requests.length - 1]!;

async function admin<T>(path: string, status = 200): Promise<T> {
  const res = await h.t.app.inject({ method: 'GET', url: `/admin/api${path}`, headers: adminHeaders });
  if (res.statusCode !== status) throw new Error(`GET ${path} → ${res.statusCode}: ${res.body}`);
  return res.json<T>();
}

/** The request-log entry of the call that used this session, once the worker wrote it. */
async function loggedCall(session: string, tenant = h.tenant): Promise<LoggedCallDetail> {
  const page = await eventually(
    () => admin<Page<LoggedCall>>(`/tenants/${tenant}/requests?limit=500`),
    (p) => p.data.some((r) => r.session_id === session),
  );
  const id = page.data.find((r) => r.session_id === session)!.id;
  return admin<LoggedCallDetail>(`/tenants/${tenant}/requests/${id}`);
}

async function auditOf(eventId: string, count: number): Promise<AuditItem[]> {
  const page = await eventually(
    () => admin<Page<AuditItem>>(`/tenants/${h.tenant}/audit?source=proxy&limit=500`),
    (p) => p.data.filter((r) => r.event_id === eventId).length >= count,
  );
  return page.data.filter((r) => r.event_id === eventId);
}

async function usageRow(eventId: string) {
  const { rows } = await eventually(
    () =>
      h.t.services.db.query<{
        kind: string;
        characters: string;
        tokens_created: number;
        input_tokens: string | null;
        output_tokens: string | null;
        stream: boolean | null;
      }>(
        `SELECT kind, characters, tokens_created, input_tokens, output_tokens, stream
           FROM usage_events WHERE tenant_id = $1 AND event_id = $2`,
        [h.tenant, eventId],
      ),
    (r) => r.rows.length > 0,
  );
  const row = rows[0]!;
  return {
    ...row,
    characters: Number(row.characters),
    input_tokens: row.input_tokens === null ? null : Number(row.input_tokens),
    output_tokens: row.output_tokens === null ? null : Number(row.output_tokens),
  };
}

async function debugColumns(tenant: string, id: string) {
  const { rows } = await h.t.services.db.query<{
    debug_request: Buffer | null;
    debug_response: Buffer | null;
    debug_key_version: number | null;
  }>(
    `SELECT debug_request, debug_response, debug_key_version FROM request_log WHERE tenant_id = $1 AND id = $2`,
    [tenant, id],
  );
  return rows[0]!;
}

/** The assistant text of a raw chat event stream, deltas joined. */
function streamedContent(raw: string): string {
  return raw
    .split('\n')
    .filter((line) => line.startsWith('data: {'))
    .map((line) => {
      const chunk = JSON.parse(line.slice(6)) as { choices: { delta: { content?: string } }[] };
      return chunk.choices[0]?.delta.content ?? '';
    })
    .join('');
}

function expectTimings(call: LoggedCall) {
  expect(call.upstream_latency_ms).toBeGreaterThan(0);
  expect(call.latency_ms).toBeGreaterThanOrEqual(call.upstream_latency_ms!);
}

describe('request log, audit and usage, written by the workers', () => {
  it('a JSON chat call: provider, model, status, session, trace id, entity counts, restores, usage', async () => {
    h.fake.script({ usage: { inputTokens: 321, outputTokens: 54 } });
    const { data, response } = await h
      .openai({ traceparent: TRACEPARENT })
      .chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: PII_PROMPT }] })
      .withResponse();
    expect(data.choices[0]!.message.content).toBe(PII_PROMPT);
    // The trace context goes upstream as well.
    expect(lastUpstream().headers.traceparent).toBe(TRACEPARENT);
    const session = response.headers.get('x-service-session-id')!;

    const call = await loggedCall(session);
    expect(call).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o-mini',
      status: 200,
      stream: false,
      session_id: session,
      trace_id: TRACE_ID,
      restored_count: 4,
      usage: { input_tokens: 321, output_tokens: 54 },
      error_code: null,
      first_byte_ms: null,
      debug: false,
      debug_bodies: null,
    });
    // The id the response carried opens the entry; the provider's own x-request-id passes through.
    expect(call.id).toBe(response.headers.get('x-service-request-id'));
    expect(response.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
    expect(call.entity_counts).toMatchObject(PII_COUNTS);
    expectTimings(call);
    // Debug mode is off for this tenant: nothing stored.
    expect(await debugColumns(h.tenant, call.id)).toEqual({
      debug_request: null,
      debug_response: null,
      debug_key_version: null,
    });

    // Audit: one row per detected entity, type, label and score only.
    const entities = Object.values(call.entity_counts).reduce((a, b) => a + b, 0);
    const audit = await auditOf(call.id, entities);
    expect(audit).toHaveLength(entities);
    const byType: Record<string, number> = {};
    for (const row of audit) {
      expect(Object.keys(row).sort()).toEqual([
        'created_at',
        'entity_type',
        'event_id',
        'label',
        'score',
        'source',
      ]);
      expect(row.source).toBe('proxy');
      expect(row.score).toBeGreaterThan(0);
      expect(row.score).toBeLessThanOrEqual(1);
      byType[row.entity_type] = (byType[row.entity_type] ?? 0) + 1;
    }
    expect(byType).toEqual(call.entity_counts);
    expect(
      Object.fromEntries(
        audit.filter((r) => r.entity_type in PII_COUNTS).map((r) => [r.entity_type, r.label]),
      ),
    ).toEqual({ EMAIL_ADDRESS: 'EMAIL', PHONE_NUMBER: 'PHONE', IBAN_CODE: 'IBAN', CREDIT_CARD: 'CARD' });
    const { rows: stored } = await h.t.services.db.query(
      `SELECT * FROM audit_entities WHERE tenant_id = $1 AND event_id = $2`,
      [h.tenant, call.id],
    );
    expect(Object.keys(stored[0]!).sort()).toEqual([
      'created_at',
      'entity_type',
      'event_id',
      'label',
      'score',
      'seq',
      'source',
      'tenant_id',
    ]);
    expectNoLeak(JSON.stringify(stored));
    // The call's one queue item (log row, audit rows, usage), its job and its log row hold no value either.
    const { jobId, item } = await queuedItem(h.t.services.queues, 'request-log', (e) => e.id === call.id);
    expect(item).toMatchObject({ id: call.id, metered: true });
    expect(item.audit_entities).toHaveLength(entities);
    const job = await h.t.services.queues.queue('request-log').getJob(jobId);
    expectNoLeak(JSON.stringify(job!.data));
    const { rows: logRows } = await h.t.services.db.query(
      `SELECT * FROM request_log WHERE tenant_id = $1 AND id = $2`,
      [h.tenant, call.id],
    );
    expect(logRows).toHaveLength(1);
    expectNoLeak(JSON.stringify(logRows));

    expect(await usageRow(call.id)).toEqual({
      kind: 'proxy',
      characters: 0,
      tokens_created: 0,
      input_tokens: 321,
      output_tokens: 54,
      stream: false,
    });
  });

  it('a streamed chat call: usage from the final chunk, time to first byte', async () => {
    h.fake.script({ chunkSize: 7, usage: { inputTokens: 222, outputTokens: 33 } });
    const { data: stream, response } = await h
      .openai({ traceparent: TRACEPARENT })
      .chat.completions.create({
        model: 'gpt-4o-mini',
        stream: true,
        messages: [{ role: 'user', content: PII_PROMPT }],
      })
      .withResponse();
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe(PII_PROMPT);
    expect(lastUpstream().headers.traceparent).toBe(TRACEPARENT);

    const call = await loggedCall(response.headers.get('x-service-session-id')!);
    expect(call.id).toBe(response.headers.get('x-service-request-id'));
    expect(call).toMatchObject({
      provider: 'openai',
      status: 200,
      stream: true,
      trace_id: TRACE_ID,
      restored_count: 4,
      usage: { input_tokens: 222, output_tokens: 33 },
      error_code: null,
    });
    expect(call.entity_counts).toMatchObject(PII_COUNTS);
    expectTimings(call);
    expect(call.first_byte_ms).toBeGreaterThanOrEqual(call.upstream_latency_ms!);
    expect(call.first_byte_ms).toBeLessThanOrEqual(call.latency_ms!);
    expect(await usageRow(call.id)).toMatchObject({ input_tokens: 222, output_tokens: 33, stream: true });
  });

  it('messages calls: usage from the JSON body, and from message_start / message_delta when streamed', async () => {
    h.fake.script({ usage: { inputTokens: 41, outputTokens: 12 } });
    const json = await h
      .anthropic({ traceparent: TRACEPARENT })
      .messages.create({
        model: 'claude-haiku-4-5',
        max_tokens: 200,
        messages: [{ role: 'user', content: `Mail ${PII.email}` }],
      })
      .withResponse();
    expect(lastUpstream().headers.traceparent).toBe(TRACEPARENT);
    const jsonCall = await loggedCall(json.response.headers.get('x-service-session-id')!);
    expect(jsonCall).toMatchObject({
      provider: 'anthropic',
      model: 'claude-haiku-4-5',
      status: 200,
      stream: false,
      trace_id: TRACE_ID,
      restored_count: 1,
      usage: { input_tokens: 41, output_tokens: 12 },
    });
    expect(jsonCall.entity_counts).toMatchObject({ EMAIL_ADDRESS: 1 });

    h.fake.script({ chunkSize: 5, usage: { inputTokens: 77, outputTokens: 33 } });
    const streamed = h.anthropic().messages.stream({
      model: 'claude-haiku-4-5',
      max_tokens: 200,
      messages: [{ role: 'user', content: `Call ${PII.phone}` }],
    });
    const message = await streamed.finalMessage();
    const block = message.content[0]!;
    expect(block.type === 'text' && block.text).toBe(`Call ${PII.phone}`);
    const session = (await streamed.withResponse()).response.headers.get('x-service-session-id')!;
    const streamCall = await loggedCall(session);
    expect(streamCall).toMatchObject({
      provider: 'anthropic',
      stream: true,
      trace_id: null,
      restored_count: 1,
      // input from message_start, output from message_delta (message_start said 1)
      usage: { input_tokens: 77, output_tokens: 33 },
    });
    expect(await usageRow(streamCall.id)).toMatchObject({
      input_tokens: 77,
      output_tokens: 33,
      stream: true,
    });
  });

  it('a responses call: usage from its JSON body', async () => {
    h.fake.script({ usage: { inputTokens: 15, outputTokens: 6 } });
    const res = await h
      .openai()
      .responses.create({ model: 'gpt-4.1-mini', input: `Card ${PII.card}` })
      .withResponse();
    expect(res.data.output_text).toBe(`Card ${PII.card}`);
    const call = await loggedCall(res.response.headers.get('x-service-session-id')!);
    expect(call).toMatchObject({
      provider: 'openai',
      stream: false,
      restored_count: 1,
      usage: { input_tokens: 15, output_tokens: 6 },
    });
  });

  it('a provider error is logged with its status and no usage; a proxy refusal with its code', async () => {
    h.fake.script({ error: { status: 429, code: 'rate_limit_exceeded', message: 'slow down' } });
    const error = await h
      .openai()
      .chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] })
      .withResponse()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    const session = (error as InstanceType<typeof OpenAI.RateLimitError>).headers.get(
      'x-service-session-id',
    )!;
    const call = await loggedCall(session);
    expect(call.id).toBe(
      (error as InstanceType<typeof OpenAI.RateLimitError>).headers.get('x-service-request-id'),
    );
    expect(call).toMatchObject({
      provider: 'openai',
      status: 429,
      stream: false,
      usage: null,
      entity_counts: {},
      restored_count: 0,
      error_code: null,
    });
    await queuesIdle(h.t);
    const { rows } = await h.t.services.db.query(
      `SELECT 1 FROM usage_events WHERE tenant_id = $1 AND event_id = $2`,
      [h.tenant, call.id],
    );
    expect(rows).toEqual([]);

    const refused = await fetch(`${h.url}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${h.openai().apiKey}`,
        'x-service-session-id': 'ses_notminted',
      },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(refused.status).toBe(400);
    const logged = await eventually(
      () => admin<Page<LoggedCall>>(`/tenants/${h.tenant}/requests?status=400`),
      (p) => p.data.length > 0,
    );
    expect(logged.data[0]).toMatchObject({
      id: refused.headers.get('x-service-request-id'),
      status: 400,
      error_code: 'invalid_session_id',
      provider: 'openai',
    });
  });

  it('the admin list pages newest first with a cursor, filters by provider and status; unknown ids are 404', async () => {
    await queuesIdle(h.t);
    const { rows } = await h.t.services.db.query<{ id: string; provider: string; status: number }>(
      `SELECT id, provider, status FROM request_log WHERE tenant_id = $1 ORDER BY created_at DESC, id DESC`,
      [h.tenant],
    );
    expect(rows.length).toBeGreaterThanOrEqual(6);

    const seen: LoggedCall[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<LoggedCall> = await admin(
        `/tenants/${h.tenant}/requests?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    const times = seen.map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const anthropic = await admin<Page<LoggedCall>>(`/tenants/${h.tenant}/requests?provider=anthropic`);
    expect(anthropic.data.map((r) => r.id)).toEqual(
      rows.filter((r) => r.provider === 'anthropic').map((r) => r.id),
    );
    const limited = await admin<Page<LoggedCall>>(`/tenants/${h.tenant}/requests?status=429`);
    expect(limited.data.map((r) => r.id)).toEqual(rows.filter((r) => r.status === 429).map((r) => r.id));
    expect(limited.data).toHaveLength(1);

    await admin(`/tenants/${h.tenant}/requests/req_doesnotexist`, 404);
    await admin(`/tenants/${h.tenant}/requests?cursor=not-a-cursor`, 400);
    // Another tenant's entry is not found through this tenant.
    await admin(`/tenants/${debugTenant}/requests/${rows[0]!.id}`, 404);
  });
});

describe('debug mode', () => {
  const debugClient = () => new OpenAI({ apiKey: DEBUG_KEY, baseURL: h.url, maxRetries: 0 });

  it('keeps the sanitized request and the raw provider response, encrypted, shown decrypted for 7 days', async () => {
    const { data, response } = await debugClient()
      .chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: PII_PROMPT }] })
      .withResponse();
    expect(data.choices[0]!.message.content).toBe(PII_PROMPT);
    const upstreamBody = lastUpstream().rawBody;
    const call = await loggedCall(response.headers.get('x-service-session-id')!, debugTenant);
    expect(call.debug).toBe(true);

    const bodies = call.debug_bodies!;
    // What went upstream, exactly: tokenized, pretext included, no personal data.
    expect(bodies.request_body).toBe(upstreamBody);
    expect(bodies.request_body).toMatch(/\[EMAIL: [a-z0-9]{8}\]/);
    expectNoLeak(bodies.request_body!);
    // What the provider answered, before restoring: token text, no personal data.
    const raw = JSON.parse(bodies.response_body!) as { choices: { message: { content: string } }[] };
    expect(raw.choices[0]!.message.content).toMatch(/\[EMAIL: [a-z0-9]{8}\]/);
    expectNoLeak(bodies.response_body!);
    const keptMs = Date.parse(bodies.expires_at) - Date.parse(call.created_at);
    expect(Math.abs(keptMs - 7 * 24 * 3600 * 1000)).toBeLessThan(1000);

    // In Postgres: ciphertext only.
    const columns = await debugColumns(debugTenant, call.id);
    expect(columns.debug_key_version).toBe(1);
    for (const sealed of [columns.debug_request!, columns.debug_response!]) {
      expect(sealed.length).toBeGreaterThan(16);
      for (const encoding of ['utf8', 'latin1', 'base64'] as const) {
        const text = sealed.toString(encoding);
        for (const plain of ['[EMAIL', 'gpt-4o-mini', 'messages', 'choices', 'LABEL'])
          expect(text).not.toContain(plain);
        expectNoLeak(text);
      }
    }
  });

  it('a streamed call keeps the raw event stream, usage chunk included, with tokens unrestored', async () => {
    h.fake.script({ chunkSize: 6 });
    const { data: stream, response } = await debugClient()
      .chat.completions.create({
        model: 'gpt-4o-mini',
        stream: true,
        messages: [{ role: 'user', content: `Mail ${PII.email}` }],
      })
      .withResponse();
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe(`Mail ${PII.email}`);
    const call = await loggedCall(response.headers.get('x-service-session-id')!, debugTenant);
    const responseBody = call.debug_bodies!.response_body!;
    expect(responseBody).toMatch(/^data: \{"id":"chatcmpl-/);
    expect(responseBody).toContain('data: [DONE]');
    expect(responseBody).toContain('"prompt_tokens"');
    expect(streamedContent(responseBody)).toMatch(/^Mail \[EMAIL: [a-z0-9]{8}\]$/);
    expectNoLeak(responseBody);
    expect(call.debug_bodies!.request_body).toContain('"include_usage":true');
  });

  it('keeps the raw stream intact when the provider splits UTF-8 sequences across writes', async () => {
    const text = `Grüße 👋 ${'日本語'.repeat(20)} — ok`;
    // Five bytes per write, a little apart so the proxy reads them one by one: most cut a character.
    h.fake.script({ text, bytesPerWrite: 5, writeDelayMs: 1 });
    const { data: stream, response } = await debugClient()
      .chat.completions.create({
        model: 'gpt-4o-mini',
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      })
      .withResponse();
    for await (const chunk of stream) void chunk;
    const call = await loggedCall(response.headers.get('x-service-session-id')!, debugTenant);
    const responseBody = call.debug_bodies!.response_body!;
    expect(responseBody).not.toContain('\uFFFD');
    expect(streamedContent(responseBody)).toBe(text);
  });

  it('caps each body at 1 MiB, on a character boundary', async () => {
    const image = `data:image/png;base64,${'A'.repeat(OVER_CAP)}`;
    // Four-byte characters: the cap most likely falls inside one, which is then left out whole.
    const reply = '👋'.repeat(Math.ceil(OVER_CAP / 4));
    h.fake.script({ text: reply });
    const { data, response } = await debugClient()
      .chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is in this picture?' },
              { type: 'image_url', image_url: { url: image } },
            ],
          },
        ],
      })
      .withResponse();
    expect(data.choices[0]!.message.content).toBe(reply);
    const upstreamBody = lastUpstream().rawBody;
    expect(upstreamBody.length).toBeGreaterThan(OVER_CAP);
    const call = await loggedCall(response.headers.get('x-service-session-id')!, debugTenant);
    const { request_body, response_body } = call.debug_bodies!;
    expect(Buffer.byteLength(request_body!)).toBe(MIB);
    expect(upstreamBody.startsWith(request_body!)).toBe(true);
    expect(Buffer.byteLength(response_body!)).toBeLessThanOrEqual(MIB);
    expect(Buffer.byteLength(response_body!)).toBeGreaterThan(MIB - 4);
    expect(response_body).toMatch(/^\{"id":"chatcmpl-[\s\S]*"content":"(👋)+$/u);
  });

  it('expired bodies are no longer shown, and the maintenance job clears them', async () => {
    const { response } = await debugClient()
      .chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })
      .withResponse();
    const call = await loggedCall(response.headers.get('x-service-session-id')!, debugTenant);
    expect(call.debug_bodies).not.toBeNull();
    await h.t.services.db.query(
      `UPDATE request_log SET debug_expires_at = now() - interval '1 second' WHERE tenant_id = $1 AND id = $2`,
      [debugTenant, call.id],
    );
    const expired = await admin<LoggedCallDetail>(`/tenants/${debugTenant}/requests/${call.id}`);
    expect(expired.debug_bodies).toBeNull();

    await h.t.services.queues.add('maintenance', 'purge-expired-debug-bodies', {
      task: 'purge-expired-debug-bodies',
    });
    await queuesIdle(h.t);
    expect(await debugColumns(debugTenant, call.id)).toMatchObject({
      debug_request: null,
      debug_response: null,
    });
    expect((await admin<LoggedCallDetail>(`/tenants/${debugTenant}/requests/${call.id}`)).debug).toBe(false);
  });
});
