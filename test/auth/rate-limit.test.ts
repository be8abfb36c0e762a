import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders, createKey, createTenant, mintClientSession } from '../helpers/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function tenantWithLimits(limits: Record<string, number>) {
  const tenant = await createTenant(t.app, 'Limited');
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/admin/api/tenants/${tenant}/settings`,
    headers: adminHeaders,
    payload: { rate_limits: limits },
  });
  expect(res.statusCode).toBe(200);
  return tenant;
}

const info = (credential: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/v1/client/session-info',
    headers: { authorization: `Bearer ${credential}`, ...headers },
  });

describe('rate limits per credential (Redis)', () => {
  it('answers 429 rate_limited with Retry-After once a secret key is over its limit', async () => {
    const tenant = await tenantWithLimits({ secret_per_minute: 3 });
    const key = (await createKey(t.app, tenant, { kind: 'secret' })).key;
    for (let i = 0; i < 3; i++) expect((await info(key)).statusCode).toBe(200);
    const res = await info(key);
    expect(res.statusCode).toBe(429);
    expect(res.headers['x-service-error-code']).toBe('rate_limited');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another key of the same tenant has its own counter.
    const other = (await createKey(t.app, tenant, { kind: 'secret' })).key;
    expect((await info(other)).statusCode).toBe(200);
  });

  it('counts publishable keys per origin, and checks 429 before 403', async () => {
    const tenant = await tenantWithLimits({ publishable_per_minute: 2 });
    const key = (
      await createKey(t.app, tenant, { kind: 'publishable', allowed_origins: ['https://*.ok.example'] })
    ).key;
    const a = { origin: 'https://a.ok.example' };
    const b = { origin: 'https://b.ok.example' };
    expect((await info(key, a)).statusCode).toBe(200);
    expect((await info(key, a)).statusCode).toBe(200);
    expect((await info(key, a)).statusCode).toBe(429);
    expect((await info(key, b)).statusCode).toBe(200);
    const bad = { origin: 'https://evil.example' };
    expect((await info(key, bad)).statusCode).toBe(403);
    expect((await info(key, bad)).statusCode).toBe(403);
    expect((await info(key, bad)).statusCode).toBe(429);
  });

  it('limits client sessions with the client limit, and 401 comes before 429', async () => {
    const tenant = await tenantWithLimits({ client_per_minute: 1 });
    const secret = (await createKey(t.app, tenant, { kind: 'secret' })).key;
    const session = await mintClientSession(t.app, secret, { end_user_id: 'u' });
    expect((await info(session.token)).statusCode).toBe(200);
    expect((await info(session.token)).statusCode).toBe(429);
    expect((await info('xcs_' + 'Q'.repeat(32))).statusCode).toBe(401);
  });

  it('keeps its counters under the deployment prefix with the tenant id', async () => {
    const tenant = await tenantWithLimits({ secret_per_minute: 100 });
    const key = (await createKey(t.app, tenant, { kind: 'secret' })).key;
    await info(key);
    const keys = await t.services.redis.keys(`${t.config.SERVICE_REDIS_PREFIX}:rl:*`);
    expect(keys.some((k) => k.includes(tenant))).toBe(true);
    expect(keys.every((k) => !k.includes(key))).toBe(true);
  });
});
