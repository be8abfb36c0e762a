import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createKey, createTenant, mintClientSession } from '../helpers/fixtures.js';

let t: TestApp;
let tenant: string;
let secret: string;
beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.app, 'Sessions');
  secret = (await createKey(t.app, tenant, { kind: 'secret' })).key;
});
afterAll(async () => {
  await t?.close();
});

const post = (credential: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/client-sessions',
    headers: { authorization: `Bearer ${credential}`, ...headers },
    payload: payload as object,
  });

describe('POST /v1/client-sessions', () => {
  it('mints a session with the SPEC 2.3 fields and defaults', async () => {
    const before = Date.now();
    const res = await post(secret, { end_user_id: 'user-42' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['end_user_id', 'expires_at', 'scopes', 'token']);
    expect(body.token).toMatch(/^xcs_[0-9A-Za-z]{32}$/);
    expect(body.end_user_id).toBe('user-42');
    expect(body.scopes).toEqual(['tokenize', 'detokenize:own', 'proxy:forward']);
    expect(body.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);
    const ttl = (Date.parse(body.expires_at) - before) / 1000;
    expect(ttl).toBeGreaterThan(895);
    expect(ttl).toBeLessThan(905);
  });

  it('honours ttl_seconds from 60 to 3600 and refuses others with 400', async () => {
    expect((await post(secret, { end_user_id: 'u', ttl_seconds: 60 })).statusCode).toBe(201);
    expect((await post(secret, { end_user_id: 'u', ttl_seconds: 3600 })).statusCode).toBe(201);
    for (const ttl_seconds of [59, 3601, 0, -5, 1.5, '900']) {
      const res = await post(secret, { end_user_id: 'u', ttl_seconds });
      expect(res.statusCode, String(ttl_seconds)).toBe(400);
      expect(res.json().error.message).toMatch(/ttl_seconds/);
    }
  });

  it('requires end_user_id', async () => {
    for (const body of [{}, { end_user_id: '' }, { end_user_id: 42 }]) {
      const res = await post(secret, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/end_user_id/);
    }
  });

  it('a client session can never mint another session', async () => {
    const session = await mintClientSession(t.app, secret, { end_user_id: 'user-1' });
    const res = await post(session.token, { end_user_id: 'user-2' });
    expect(res.statusCode).toBe(403);
    expect(res.headers['x-service-error-code']).toBe('forbidden');
  });

  it('publishable keys cannot mint sessions, even from an allowed origin', async () => {
    const pub = await createKey(t.app, tenant, {
      kind: 'publishable',
      allowed_origins: ['https://a.example'],
    });
    const res = await post(pub.key, { end_user_id: 'user-1' }, { origin: 'https://a.example' });
    expect(res.statusCode).toBe(403);
  });

  it('never grants privileged scopes to a session', async () => {
    const res = await post(secret, {
      end_user_id: 'u',
      scopes: ['tokenize', 'detokenize:any', 'client_session:create'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().scopes).toEqual(['tokenize']);
  });

  it('checks auth before the body: 401 wins over 400', async () => {
    const res = await post('xsk_live_' + 'Z'.repeat(32), { nonsense: true });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /v1/client/session-info', () => {
  const info = (credential: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/v1/client/session-info',
      headers: { authorization: `Bearer ${credential}`, ...headers },
    });

  it('describes a client session', async () => {
    const session = await mintClientSession(t.app, secret, { end_user_id: 'user-7', ttl_seconds: 120 });
    const res = await info(session.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tenant_id: tenant,
      kind: 'client_session',
      scopes: ['tokenize', 'detokenize:own', 'proxy:forward'],
      end_user_id: 'user-7',
      expires_at: session.expires_at,
    });
  });

  it('describes a secret key and a publishable key', async () => {
    expect((await info(secret)).json()).toMatchObject({
      kind: 'secret',
      end_user_id: null,
      expires_at: null,
    });
    const pub = await createKey(t.app, tenant, {
      kind: 'publishable',
      allowed_origins: ['https://a.example'],
    });
    expect((await info(pub.key, { origin: 'https://a.example' })).json()).toMatchObject({
      kind: 'publishable',
    });
    expect((await info(pub.key)).statusCode).toBe(403);
  });
});
