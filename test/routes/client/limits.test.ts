import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/test-app.js';
import { adminHeaders, createKey, createTenant, mintClientSession } from '../../helpers/fixtures.js';
import {
  clientOf,
  startDetectingApp,
  tokenCount,
  VALUES,
  type Client,
  type TokenizeResponse,
} from './client-api.js';

const ORIGIN_A = 'https://a.shop.example';
const ORIGIN_B = 'https://b.shop.example';
const BAD_KEY = 'xsk_live_' + 'Z'.repeat(32);

let t: TestApp;
let tenant: string;
let secretKey: string;
let secret: Client;
let client: Client;

beforeAll(async () => {
  t = await startDetectingApp();
  tenant = await createTenant(t.app, 'Limits');
  secretKey = (await createKey(t.app, tenant, { kind: 'secret' })).key;
  secret = clientOf(t, secretKey);
  client = clientOf(t, (await mintClientSession(t.app, secretKey, { end_user_id: 'lim' })).token);
});
afterAll(async () => {
  await t?.close();
});

const expectTooLarge = (res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => { error: { code: string } };
}) => {
  expect(res.statusCode).toBe(413);
  expect(res.headers['x-service-error-code']).toBe('payload_too_large');
  expect(res.json().error.code).toBe('payload_too_large');
};

describe('texts per call (100) and characters per call (200,000)', () => {
  it('101 texts → 413 on tokenize and detect; 100 texts are fine', async () => {
    const before = await tokenCount(t, tenant);
    for (const route of ['tokenize', 'detect'] as const) {
      expectTooLarge(await client[route]({ texts: Array.from({ length: 101 }, () => VALUES.email) }));
    }
    expect(await tokenCount(t, tenant)).toBe(before);
    const ok = await client.tokenize({
      texts: Array.from({ length: 100 }, (_, i) => `text ${i} ${VALUES.email}`),
    });
    expect(ok.statusCode).toBe(200);
    const body = ok.json<TokenizeResponse>();
    expect(body.texts).toHaveLength(100);
    expect(new Set(body.entities.map((e) => e.token)).size).toBe(1);
  });

  it('200,001 characters → 413; exactly 200,000 are fine', async () => {
    const half = 'the cat sat on the mat. '.repeat(4_200).slice(0, 100_000);
    expectTooLarge(await client.tokenize({ texts: [half, half, 'x'] }));
    expectTooLarge(await client.detect({ texts: [half, half + 'x'] }));
    const tail = ` write to ${VALUES.email} now.`;
    const texts = [half, half.slice(0, 100_000 - tail.length) + tail];
    expect(texts[0]!.length + texts[1]!.length).toBe(200_000);
    const res = await client.tokenize({ texts });
    expect(res.statusCode).toBe(200);
    expect(res.json<TokenizeResponse>().entities.map((e) => e.entity_type)).toContain('EMAIL_ADDRESS');
  });

  it('counts characters in UTF-16 code units: 100,001 emoji are 200,002 characters', async () => {
    expectTooLarge(await client.tokenize({ texts: ['😀'.repeat(100_001)] }));
  });

  it('checks the counts after the credential and before the schema', async () => {
    const texts = Array.from({ length: 101 }, () => 'x');
    // 401 first: a bad credential never learns about limits.
    const unauthenticated = await clientOf(t, BAD_KEY).tokenize({ texts });
    expect(unauthenticated.statusCode).toBe(401);
    const longText = await clientOf(t, BAD_KEY).tokenize({ texts: ['a'.repeat(200_001)] });
    expect(longText.statusCode).toBe(401);
    // 413 before 400: the body is otherwise invalid too.
    expectTooLarge(await client.tokenize({ texts, unknown_field: true }));
    expectTooLarge(await client.tokenize({ texts: ['a'.repeat(200_001)], session_id: 42 }));
    expect((await client.tokenize({ texts: ['x'], unknown_field: true })).statusCode).toBe(400);
  });

  it('a body over 4 MiB → 413', async () => {
    const payload = JSON.stringify({ texts: ['a'.repeat(4 * 1024 * 1024)] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/client/tokenize',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
      payload,
    });
    expectTooLarge(res);
  });
});

describe('tokens per detokenize call (500)', () => {
  it('501 → 413, after the credential check', async () => {
    const tokens = Array.from({ length: 501 }, (_, i) => `zz${String(i).padStart(6, '0')}`);
    expectTooLarge(await client.detokenize({ tokens }));
    expectTooLarge(await client.detokenize({ tokens, session_id: 7 }));
    expect((await clientOf(t, BAD_KEY).detokenize({ tokens })).statusCode).toBe(401);
    expect((await client.detokenize({ tokens: tokens.slice(0, 500) })).statusCode).toBe(200);
  });
});

describe('rate limits (per credential, per tenant settings)', () => {
  let limited: string;
  let limitedSecret: string;

  beforeAll(async () => {
    limited = await createTenant(t.app, 'Rate limited');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/admin/api/tenants/${limited}/settings`,
      headers: adminHeaders,
      payload: { rate_limits: { client_per_minute: 3, publishable_per_minute: 2, secret_per_minute: 5 } },
    });
    expect(patch.statusCode).toBe(200);
    limitedSecret = (await createKey(t.app, limited, { kind: 'secret' })).key;
    t.services.credentials.forgetAll();
  });

  it('a client session over its per-minute allowance → 429 rate_limited with Retry-After; others are unaffected', async () => {
    const session = clientOf(
      t,
      (await mintClientSession(t.app, limitedSecret, { end_user_id: 'busy' })).token,
    );
    const neighbour = clientOf(
      t,
      (await mintClientSession(t.app, limitedSecret, { end_user_id: 'calm' })).token,
    );
    for (let i = 0; i < 3; i++)
      expect((await session.send('GET', '/v1/client/session-info')).statusCode).toBe(200);
    const res = await session.tokenize({ texts: [VALUES.email] });
    expect(res.statusCode).toBe(429);
    expect(res.headers['x-service-error-code']).toBe('rate_limited');
    expect(res.json().error.code).toBe('rate_limited');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // 429 comes before 403 (scope) and 413 (counts).
    expect((await session.send('POST', '/v1/reveal-grants', { subject_end_user_id: 'x' })).statusCode).toBe(
      429,
    );
    expect((await session.tokenize({ texts: Array.from({ length: 101 }, () => 'x') })).statusCode).toBe(429);
    expect((await neighbour.send('GET', '/v1/client/session-info')).statusCode).toBe(200);
  });

  it('a publishable key is limited per origin', async () => {
    const pub = await createKey(t.app, limited, {
      kind: 'publishable',
      allowed_origins: ['https://*.shop.example'],
    });
    const fromA = clientOf(t, pub.key, { origin: ORIGIN_A });
    const fromB = clientOf(t, pub.key, { origin: ORIGIN_B });
    for (let i = 0; i < 2; i++)
      expect((await fromA.send('GET', '/v1/client/session-info')).statusCode).toBe(200);
    expect((await fromA.send('GET', '/v1/client/session-info')).statusCode).toBe(429);
    expect((await fromB.send('GET', '/v1/client/session-info')).statusCode).toBe(200);
  });

  it('a secret key has its own allowance; an unknown credential is 401, never 429', async () => {
    const key = clientOf(t, (await createKey(t.app, limited, { kind: 'secret' })).key);
    for (let i = 0; i < 5; i++)
      expect((await key.send('GET', '/v1/client/session-info')).statusCode).toBe(200);
    expect((await key.send('GET', '/v1/client/session-info')).statusCode).toBe(429);
    for (let i = 0; i < 8; i++)
      expect((await clientOf(t, BAD_KEY).send('GET', '/v1/client/session-info')).statusCode).toBe(401);
  });

  it('the default allowances do not get in the way of ordinary use', async () => {
    for (let i = 0; i < 20; i++)
      expect((await secret.send('GET', '/v1/client/session-info')).statusCode).toBe(200);
  });
});
