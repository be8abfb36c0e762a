import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import { CHAT_PROVIDER_IDS, type ProviderId } from '../../src/providers/provider-ids.js';
import { createProviderRegistry } from '../../src/providers/registry.js';
import { adminPost } from '../helpers/fixtures.js';
import {
  ANTHROPIC_KEY,
  expectNoLeak,
  OPENAI_KEY,
  PII_PROMPT,
  startProxyHarness,
  type ProxyHarness,
} from './proxy-harness.js';

type ChatProvider = (typeof CHAT_PROVIDER_IDS)[number];

/** Where each chat provider's upstream points: Gemini under its OpenAI path, custom under its key's base URL. */
const UPSTREAM_PATH: Record<ChatProvider, string> = {
  openai: '/v1',
  xai: '/v1',
  deepseek: '/v1',
  mistral: '/v1',
  gemini: '/v1beta/openai',
  groq: '/v1',
  together: '/v1',
  fireworks: '/v1',
  openrouter: '/v1',
  custom: '/custom/v1',
};
/** Providers that do not take `stream_options.include_usage` (custom unless configured). */
const NO_STREAM_USAGE = new Set<ProviderId>(['mistral', 'custom']);

const keyOf = (id: ChatProvider) => (id === 'openai' ? OPENAI_KEY : `sk-${id}-test-0123456789abcdef`);
const envName = (id: ProviderId) => `SERVICE_UPSTREAM_${id.toUpperCase()}`;

let h: ProxyHarness;
beforeAll(async () => {
  h = await startProxyHarness({
    env: (fakeUrl) =>
      Object.fromEntries(
        CHAT_PROVIDER_IDS.filter((id) => id !== 'custom').map((id) => [
          envName(id),
          // A trailing slash in an override is dropped.
          `${fakeUrl}${UPSTREAM_PATH[id]}${id === 'together' ? '/' : ''}`,
        ]),
      ),
  });
  for (const id of CHAT_PROVIDER_IDS) {
    if (id === 'openai') continue;
    await adminPost(h.t.app, `/tenants/${h.tenant}/provider-keys`, {
      provider: id,
      key: keyOf(id),
      ...(id === 'custom' ? { base_url: `${h.fake.url}${UPSTREAM_PATH.custom}` } : {}),
    });
  }
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  h.fake.reset();
});

const lastUpstream = () => h.fake.requests[h.fake.requests.length - 1]!;
const clientFor = (id: ChatProvider, baseURL = h.url) =>
  new OpenAI({ apiKey: keyOf(id), baseURL, maxRetries: 0 });

describe('the provider registry', () => {
  const registry = createProviderRegistry({ overrides: {}, customStreamUsage: false });

  it('holds the SDK base URLs, version path included (anthropic without /v1)', () => {
    for (const id of CHAT_PROVIDER_IDS.filter((p) => p !== 'custom'))
      expect(registry.baseUrl(id, null)).toMatch(/^https:\/\/[a-z.]+\/([a-z]+\/)?v1(beta\/openai)?$/);
    expect(registry.baseUrl('custom', null)).toBeNull();
    expect(registry.baseUrl('gemini', null)).toBe('https://generativelanguage.googleapis.com/v1beta/openai');
    expect(registry.baseUrl('anthropic', null)).toBe('https://api.anthropic.com');
    expect(registry.spec('anthropic').dialect).toBe('messages');
    expect(CHAT_PROVIDER_IDS.every((id) => registry.spec(id).dialect === 'chat')).toBe(true);
  });

  it('custom takes its key’s base URL, an env override wins, and stream usage is configurable', () => {
    expect(registry.baseUrl('custom', 'http://vllm.internal:8000/v1')).toBe('http://vllm.internal:8000/v1');
    const overridden = createProviderRegistry({
      overrides: { custom: 'http://gateway/v1', groq: 'http://groq-mirror/openai/v1' },
      customStreamUsage: true,
    });
    expect(overridden.baseUrl('custom', 'http://vllm.internal:8000/v1')).toBe('http://gateway/v1');
    expect(overridden.baseUrl('groq', null)).toBe('http://groq-mirror/openai/v1');
    expect(overridden.spec('custom').streamUsage).toBe(true);
    expect(registry.spec('custom').streamUsage).toBe(false);
    expect(registry.spec('mistral').streamUsage).toBe(false);
  });
});

describe('every chat-completions provider through POST /chat/completions', () => {
  it.each(CHAT_PROVIDER_IDS.map((id) => [id]))(
    '%s: JSON and stream reach its upstream, tokenized, and come back restored',
    async (id) => {
      const client = clientFor(id);
      const json = await client.chat.completions.create({
        model: `${id}-model`,
        messages: [{ role: 'user', content: PII_PROMPT }],
      });
      expect(json.choices[0]!.message.content).toBe(PII_PROMPT);
      expect(lastUpstream().path).toBe(`${UPSTREAM_PATH[id]}/chat/completions`);
      expect(lastUpstream().headers.authorization).toBe(`Bearer ${keyOf(id)}`);
      expect((lastUpstream().body as { stream_options?: unknown }).stream_options).toBeUndefined();

      const stream = await client.chat.completions.create({
        model: `${id}-model`,
        stream: true,
        messages: [{ role: 'user', content: PII_PROMPT }],
      });
      let text = '';
      let usageChunks = 0;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? '';
        if (chunk.usage) usageChunks++;
      }
      expect(text).toBe(PII_PROMPT);
      // The usage chunk the proxy asked for is its own: the caller, who did not ask, never sees it.
      expect(usageChunks).toBe(0);
      expect(lastUpstream().path).toBe(`${UPSTREAM_PATH[id]}/chat/completions`);
      const streamOptions = (lastUpstream().body as { stream_options?: unknown }).stream_options;
      if (NO_STREAM_USAGE.has(id)) expect(streamOptions).toBeUndefined();
      else expect(streamOptions).toEqual({ include_usage: true });

      expect(h.fake.requests).toHaveLength(2);
      expectNoLeak(h.upstreamText());
    },
  );

  it('serves the /v1/chat/completions alias (SDKs configured with a base URL ending in /v1)', async () => {
    const res = await clientFor('groq', `${h.url}/v1`).chat.completions.create({
      model: 'llama',
      messages: [{ role: 'user', content: PII_PROMPT }],
    });
    expect(res.choices[0]!.message.content).toBe(PII_PROMPT);
    expect(lastUpstream().path).toBe('/v1/chat/completions');
    expectNoLeak(h.upstreamText());
  });
});

describe('a key on an endpoint of the other dialect', () => {
  const post = (path: string, headers: Record<string, string>, body: unknown) =>
    fetch(`${h.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('an anthropic key on /chat/completions → 400 in the chat error shape, nothing forwarded', async () => {
    const res = await post(
      '/chat/completions',
      { authorization: `Bearer ${ANTHROPIC_KEY}` },
      { model: 'm', messages: [{ role: 'user', content: PII_PROMPT }] },
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('x-service-error-code')).toBe('invalid_request');
    expect(await res.json()).toEqual({
      error: {
        message: expect.any(String),
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_request',
      },
    });
    expect(h.fake.requests).toHaveLength(0);
  });

  it('a chat key on /v1/messages → 400 in the messages error shape, nothing forwarded', async () => {
    for (const id of ['openai', 'mistral'] as const) {
      const res = await post(
        '/v1/messages',
        { 'x-api-key': keyOf(id) },
        { model: 'm', max_tokens: 5, messages: [{ role: 'user', content: PII_PROMPT }] },
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        type: 'error',
        error: { type: 'invalid_request_error', message: expect.any(String) },
      });
    }
    expect(h.fake.requests).toHaveLength(0);
  });

  it('a provider without a Responses API on /responses → 400; one with it is served', async () => {
    const refused = await post(
      '/v1/responses',
      { authorization: `Bearer ${keyOf('mistral')}` },
      {
        model: 'm',
        input: PII_PROMPT,
      },
    );
    expect(refused.status).toBe(400);
    expect(h.fake.requests).toHaveLength(0);
    const served = await clientFor('xai').responses.create({ model: 'grok', input: PII_PROMPT });
    expect(served.output_text).toBe(PII_PROMPT);
    expect(lastUpstream().path).toBe('/v1/responses');
  });
});

describe('headers', () => {
  const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
  /** What may reach a provider besides the framing undici adds itself (host, content-length, connection). */
  const ALLOWED = new Set([
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
    'content-type',
    'accept-encoding',
    'host',
    'content-length',
    'connection',
  ]);

  it('sends exactly the allowed headers upstream: never X-Service-*, cookies, SDK telemetry or forwarding headers', async () => {
    const client = new OpenAI({
      apiKey: OPENAI_KEY,
      baseURL: h.url,
      maxRetries: 0,
      organization: 'org-test',
      project: 'proj_test',
      defaultHeaders: {
        'openai-beta': 'assistants=v2',
        traceparent: TRACEPARENT,
        tracestate: 'vendor=abc',
        'idempotency-key': 'idem-123',
        cookie: 'session=secret-cookie',
        'x-service-debug': '1',
        'x-forwarded-for': '198.51.100.7',
        'x-custom-header': 'kept-here',
        'proxy-authorization': 'Basic abc',
      },
    });
    await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
    });
    const sent = lastUpstream().headers;
    const names = Object.keys(sent);
    expect(names.filter((name) => !ALLOWED.has(name))).toEqual([]);
    expect(sent).toMatchObject({
      authorization: `Bearer ${OPENAI_KEY}`,
      'openai-organization': 'org-test',
      'openai-project': 'proj_test',
      'openai-beta': 'assistants=v2',
      traceparent: TRACEPARENT,
      tracestate: 'vendor=abc',
      'idempotency-key': 'idem-123',
      'content-type': 'application/json',
      'accept-encoding': 'identity',
      host: new URL(h.fake.url).host,
      'content-length': String(Buffer.byteLength(lastUpstream().rawBody)),
    });
    expect(sent['user-agent']).toMatch(/OpenAI\/JS/);
  });

  it('passes anthropic-version as sent and anthropic-beta; the x-api-key is the caller’s', async () => {
    const res = await fetch(`${h.url}/v1/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': ANTHROPIC_KEY,
        'anthropic-version': '2024-10-22',
        'anthropic-beta': 'prompt-caching-2024-07-31',
        'x-service-debug': '1',
        cookie: 'a=b',
      },
      body: JSON.stringify({ model: 'claude', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(200);
    const sent = lastUpstream().headers;
    expect(Object.keys(sent).filter((name) => !ALLOWED.has(name))).toEqual([]);
    expect(sent).toMatchObject({
      'x-api-key': ANTHROPIC_KEY,
      'anthropic-version': '2024-10-22',
      'anthropic-beta': 'prompt-caching-2024-07-31',
    });
    expect(sent.authorization).toBeUndefined();
  });

  it('relays provider headers back except framing and X-Service-* ones', async () => {
    h.fake.script({
      headers: { 'x-ratelimit-remaining-requests': '99', 'x-service-entity-count': '1000' },
    });
    const res = await fetch(`${h.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${OPENAI_KEY}` },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: PII_PROMPT }] }),
    });
    const body = await res.text();
    expect(res.headers.get('x-ratelimit-remaining-requests')).toBe('99');
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expect(res.headers.get('x-service-entity-count')).toBeNull();
    expect(res.headers.get('x-service-session-id')).toMatch(/^ses_/);
    // The restored body is longer than the provider's: the length is the proxy's own.
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(body));
    expect(JSON.parse(body).choices[0].message.content).toBe(PII_PROMPT);
  });
});
