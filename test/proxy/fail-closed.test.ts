import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceError } from '../../src/errors.js';
import OpenAI from 'openai';
import { adminPost } from '../helpers/fixtures.js';
import type { RecordedRequest } from '../fake-provider/index.js';
import {
  ANTHROPIC_KEY,
  OPENAI_KEY,
  PII,
  PII_PROMPT,
  startProxyHarness,
  type ProxyHarness,
} from './proxy-harness.js';
import { queuedItem } from '../helpers/queued-items.js';

// `h` runs detection; its groq upstream is a closed port. `off` is an api process without detection.
const GROQ_KEY = 'gsk-test-unreachable-0123456789';
let h: ProxyHarness;
let off: ProxyHarness;

beforeAll(async () => {
  [h, off] = await Promise.all([
    startProxyHarness({ env: () => ({ SERVICE_UPSTREAM_GROQ: 'http://127.0.0.1:1/v1' }) }),
    startProxyHarness({ detection: false }),
  ]);
  await adminPost(h.t.app, `/tenants/${h.tenant}/provider-keys`, { provider: 'groq', key: GROQ_KEY });
});
afterAll(async () => {
  await Promise.all([h?.close(), off?.close()]);
});
beforeEach(() => {
  h.fake.reset();
  off.fake.reset();
});

const chatBody = (content: string, stream = false) => ({
  model: 'gpt-4o-mini',
  stream,
  messages: [{ role: 'user', content }],
});
const messagesBody = (content: string, stream = false) => ({
  model: 'claude-haiku-4-5',
  max_tokens: 50,
  stream,
  messages: [{ role: 'user', content }],
});

async function post(harness: ProxyHarness, path: string, headers: Record<string, string>, body: unknown) {
  const res = await fetch(`${harness.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}
const chat = (harness: ProxyHarness, body: unknown, key = OPENAI_KEY) =>
  post(harness, '/chat/completions', { authorization: `Bearer ${key}` }, body);
const messages = (harness: ProxyHarness, body: unknown) =>
  post(harness, '/v1/messages', { 'x-api-key': ANTHROPIC_KEY }, body);

function expectNoValues(text: string) {
  for (const value of Object.values(PII)) expect(text).not.toContain(value);
}

/** Settles with the fake's view of a request, or fails after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms)),
  ]);
}

describe('detection unavailable → 503, nothing forwarded', () => {
  it('chat: 503 tokenization_unavailable in the chat error shape, PII or not, JSON or stream', async () => {
    for (const body of [
      chatBody(PII_PROMPT),
      chatBody('What is two plus two?'),
      chatBody(PII_PROMPT, true),
    ]) {
      const res = await chat(off, body);
      expect(res.status).toBe(503);
      expect(res.headers.get('x-service-error-code')).toBe('tokenization_unavailable');
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(JSON.parse(res.text)).toEqual({
        error: {
          message: expect.any(String),
          type: 'server_error',
          param: null,
          code: 'tokenization_unavailable',
        },
      });
      expectNoValues(res.text);
    }
    const sdkError = await off
      .openai()
      .chat.completions.create(chatBody(PII_PROMPT) as OpenAI.ChatCompletionCreateParamsNonStreaming)
      .catch((e: unknown) => e);
    expect(sdkError).toBeInstanceOf(OpenAI.InternalServerError);
    expect((sdkError as { status: number }).status).toBe(503);
    expect(off.fake.requests).toHaveLength(0);
  });

  it('messages: 503 in the messages error shape; responses: 503 in the chat shape', async () => {
    for (const body of [messagesBody(PII_PROMPT), messagesBody(PII_PROMPT, true)]) {
      const res = await messages(off, body);
      expect(res.status).toBe(503);
      expect(res.headers.get('x-service-error-code')).toBe('tokenization_unavailable');
      expect(JSON.parse(res.text)).toEqual({
        type: 'error',
        error: { type: 'api_error', message: expect.any(String) },
      });
      expectNoValues(res.text);
    }
    const responses = await post(
      off,
      '/responses',
      { authorization: `Bearer ${OPENAI_KEY}` },
      { model: 'gpt-4.1-mini', input: PII_PROMPT },
    );
    expect(responses.status).toBe(503);
    expect(JSON.parse(responses.text).error.code).toBe('tokenization_unavailable');
    expect(off.fake.requests).toHaveLength(0);
  });

  it('the refused call is still logged, with its status and code and no personal data in the job', async () => {
    const res = await chat(off, chatBody(PII_PROMPT));
    const session = res.headers.get('x-service-session-id');
    const { item } = await vi.waitFor(() =>
      queuedItem(off.t.services.queues, 'request-log', (e) => e.session_id === session),
    );
    expect(item).toMatchObject({
      tenant_id: off.tenant,
      provider: 'openai',
      model: 'gpt-4o-mini',
      status: 503,
      error_code: 'tokenization_unavailable',
      entity_counts: {},
      debug: null,
    });
    const jobs = await off.t.services.queues.queue('request-log').getJobs(['waiting', 'active', 'completed']);
    expectNoValues(JSON.stringify(jobs.map((j) => j.data)));
  });
});

describe('the provider cannot be reached or the client leaves', () => {
  it('upstream unreachable → 502 upstream_unreachable in the chat shape, JSON and stream', async () => {
    for (const body of [chatBody(PII_PROMPT), chatBody(PII_PROMPT, true)]) {
      const res = await chat(h, body, GROQ_KEY);
      expect(res.status).toBe(502);
      expect(res.headers.get('x-service-error-code')).toBe('upstream_unreachable');
      expect(res.headers.get('x-service-session-id')).toMatch(/^ses_/);
      expect(JSON.parse(res.text)).toEqual({
        error: {
          message: expect.any(String),
          type: 'server_error',
          param: null,
          code: 'upstream_unreachable',
        },
      });
      expectNoValues(res.text);
    }
  });

  it('a client that leaves mid-stream aborts the upstream stream', async () => {
    // 120 events 25 ms apart: three seconds to send in full.
    h.fake.script({ text: 'word '.repeat(24), splitEveryChar: true, writeDelayMs: 25 });
    const abort = new AbortController();
    const stream = await h
      .openai()
      .chat.completions.create(
        chatBody(`mail ${PII.email}`, true) as OpenAI.ChatCompletionCreateParamsStreaming,
        {
          signal: abort.signal,
        },
      );
    let received = '';
    const reading = (async () => {
      for await (const chunk of stream) {
        received += chunk.choices[0]?.delta?.content ?? '';
        if (received.length >= 10) abort.abort();
      }
    })().catch((e: unknown) => e);
    await reading;
    const leftAt = Date.now();
    const upstream: RecordedRequest = h.fake.requests[0]!;
    expect(await within(upstream.closed, 2_000)).toEqual({ complete: false });
    expect(Date.now() - leftAt).toBeLessThan(1_500);
    expect(received.length).toBeLessThan(60);

    // The proxy is fine afterwards.
    const next = await h
      .openai()
      .chat.completions.create(chatBody(PII_PROMPT) as OpenAI.ChatCompletionCreateParamsNonStreaming);
    expect(next.choices[0]!.message.content).toBe(PII_PROMPT);
    expect(await within(h.fake.requests[1]!.closed, 2_000)).toEqual({ complete: true });
  });

  it('a client that leaves while the provider is still thinking aborts the upstream request', async () => {
    h.fake.script({ headersDelayMs: 2_500 });
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 300);
    const error = await h
      .anthropic()
      .messages.create(messagesBody('hello') as never, { signal: abort.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const leftAt = Date.now();
    expect(await within(h.fake.requests[0]!.closed, 2_000)).toEqual({ complete: false });
    expect(Date.now() - leftAt).toBeLessThan(1_500);
  });
});

describe('the token cache fill fails after the tokens were stored', () => {
  it('503 token_cache_unavailable; the tokens are in Postgres and only token text went upstream', async () => {
    const fill = vi
      .spyOn(h.t.services.vault.cache, 'fill')
      .mockRejectedValueOnce(new ServiceError('token_cache_unavailable', 'token cache unavailable'));
    try {
      for (const stream of [false, true]) {
        const res = await chat(h, chatBody(PII_PROMPT, stream));
        expect(res.status).toBe(503);
        expect(res.headers.get('x-service-error-code')).toBe('token_cache_unavailable');
        expectNoValues(res.text);
        const session = res.headers.get('x-service-session-id');
        const { rows } = await h.t.services.db.query(
          `SELECT count(*)::int AS n FROM tokens WHERE tenant_id = $1 AND session_id = $2`,
          [h.tenant, session],
        );
        expect(rows[0].n).toBeGreaterThan(0);
        for (const sent of h.fake.requests) expectNoValues(JSON.stringify(sent.body));
        fill.mockRejectedValueOnce(new ServiceError('token_cache_unavailable', 'token cache unavailable'));
      }
    } finally {
      fill.mockRestore();
    }
  });
});

// Last: it takes the harness's Redis connection away for good.
describe('shared token cache (Redis) down → 503, nothing forwarded', () => {
  it('chat and messages answer 503 token_cache_unavailable in their shapes', async () => {
    h.t.services.redis.disconnect();
    const res = await chat(h, chatBody(PII_PROMPT));
    expect(res.status).toBe(503);
    expect(res.headers.get('x-service-error-code')).toBe('token_cache_unavailable');
    expect(JSON.parse(res.text).error.code).toBe('token_cache_unavailable');
    expectNoValues(res.text);

    const streamed = await messages(h, messagesBody(PII_PROMPT, true));
    expect(streamed.status).toBe(503);
    expect(streamed.headers.get('x-service-error-code')).toBe('token_cache_unavailable');
    expect(JSON.parse(streamed.text)).toEqual({
      type: 'error',
      error: { type: 'api_error', message: expect.any(String) },
    });
    expectNoValues(streamed.text);
    expect(h.fake.requests).toHaveLength(0);
  });
});
