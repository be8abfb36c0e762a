import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testConfig, type TestApp } from '../helpers/test-app.js';
import { adminHeaders, createKey, createTenant } from '../helpers/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('GET /healthz → ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz → ready when Postgres, Redis and migrations are', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('GET /readyz → 503 while a readiness check fails (e.g. the model is loading)', async () => {
    let loaded = false;
    t.services.readiness.push({ name: 'detection', check: async () => loaded });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', failing: ['detection'] });
      loaded = true;
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      t.services.readiness.pop();
    }
  });

  it('GET /readyz → 503 when Redis is gone', async () => {
    const other = await startTestApp({ config: testConfig() });
    try {
      other.services.redis.disconnect();
      const res = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().failing).toContain('redis');
    } finally {
      await other.close();
    }
  });
});

describe('metrics', () => {
  it('is behind the admin token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
  });

  it('carries route patterns but no tenant, user, session or key labels', async () => {
    const tenant = await createTenant(t.app, 'Metrics');
    const key = (await createKey(t.app, tenant, { kind: 'secret' })).key;
    await t.app.inject({
      method: 'GET',
      url: '/v1/client/session-info',
      headers: { authorization: `Bearer ${key}` },
    });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: adminHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('route="/v1/client/session-info"');
    expect(res.body).toContain('route="/admin/api/tenants/:t/api-keys"');
    expect(res.body).not.toContain(tenant);
    expect(res.body).not.toContain(key);
  });
});
