import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders, createKey, createTenant, mintClientSession } from '../helpers/fixtures.js';
import { clientAuth, callerOf } from '../../src/auth/client-auth.js';
import { SCOPES, type Scope } from '../../src/credentials/scopes.js';
import { createApiKey } from '../../src/credentials/api-key-queries.js';

let t: TestApp;
let tenant: string;
const creds: Record<'secret' | 'secretAny' | 'publishable' | 'device' | 'client_session', string> =
  {} as never;
const ORIGIN = 'https://app.shop.example';

beforeAll(async () => {
  t = await startTestApp({
    extend: (app, services) => {
      // One probe route per scope, guarded exactly as the real routes are.
      for (const scope of SCOPES) {
        app.post(
          `/v1/probe/${scope.replace(':', '_')}`,
          { preHandler: clientAuth(services, { scope }) },
          async (request) => {
            const caller = callerOf(request);
            return { tenant_id: caller.tenantId, kind: caller.kind, end_user_id: caller.endUserId };
          },
        );
      }
    },
  });
  tenant = await createTenant(t.app, 'Auth');
  creds.secret = (await createKey(t.app, tenant, { kind: 'secret' })).key;
  creds.secretAny = (await createKey(t.app, tenant, { kind: 'secret', scopes: [...SCOPES] })).key;
  creds.publishable = (
    await createKey(t.app, tenant, { kind: 'publishable', allowed_origins: ['https://*.shop.example'] })
  ).key;
  await t.services.db.query(
    `INSERT INTO devices (tenant_id, id, end_user_id, name) VALUES ($1, 'dev_1', 'user-dev', 'phone')`,
    [tenant],
  );
  creds.device = (
    await createApiKey(t.services.db, {
      tenantId: tenant,
      kind: 'device',
      name: 'phone',
      scopes: ['tokenize', 'detokenize:own', 'proxy:forward'],
      allowedOrigins: [],
      deviceId: 'dev_1',
      endUserId: 'user-dev',
    })
  ).key;
  creds.client_session = (await mintClientSession(t.app, creds.secret, { end_user_id: 'user-1' })).token;
});
afterAll(async () => {
  await t?.close();
});

const probe = (scope: Scope, credential: string | null, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/probe/${scope.replace(':', '_')}`,
    headers: { ...(credential ? { authorization: `Bearer ${credential}` } : {}), ...headers },
    payload: {},
  });

// SPEC 5.3, row by row.
const EXPECTED: Record<keyof typeof creds, Scope[]> = {
  secret: ['client_session:create', 'reveal_grant:create', 'tokenize', 'detokenize:own', 'proxy:forward'],
  secretAny: [...SCOPES],
  publishable: ['tokenize', 'detokenize:own', 'proxy:forward'],
  device: ['tokenize', 'detokenize:own', 'proxy:forward'],
  client_session: ['tokenize', 'detokenize:own', 'proxy:forward'],
};

describe('every credential kind against every scope', () => {
  for (const kind of Object.keys(EXPECTED) as (keyof typeof creds)[]) {
    for (const scope of SCOPES) {
      const allowed = EXPECTED[kind].includes(scope);
      it(`${kind} ${allowed ? 'may' : 'may not'} use ${scope}`, async () => {
        const res = await probe(scope, creds[kind], kind === 'publishable' ? { origin: ORIGIN } : {});
        expect(res.statusCode).toBe(allowed ? 200 : 403);
        if (allowed) expect(res.json().tenant_id).toBe(tenant);
        else expect(res.headers['x-service-error-code']).toBe('forbidden');
      });
    }
  }

  it('binds device keys and client sessions to their end user', async () => {
    expect((await probe('tokenize', creds.device)).json().end_user_id).toBe('user-dev');
    expect((await probe('tokenize', creds.client_session)).json().end_user_id).toBe('user-1');
    expect((await probe('tokenize', creds.secret)).json().end_user_id).toBeNull();
  });
});

describe('401 for missing, malformed, unknown, revoked and expired credentials', () => {
  it.each([
    ['missing', null],
    ['malformed', 'not-a-key'],
    ['unknown secret', 'xsk_live_' + 'A'.repeat(32)],
    ['unknown session', 'xcs_' + 'B'.repeat(32)],
    ['a key with a wrong prefix', 'xxx_live_' + 'A'.repeat(32)],
  ])('%s → 401 unauthorized', async (_name, credential) => {
    const res = await probe('tokenize', credential);
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-service-error-code']).toBe('unauthorized');
    expect(res.json().error.code).toBe('unauthorized');
  });

  it('an expired client session → 401 session_expired', async () => {
    const session = await mintClientSession(t.app, creds.secret, {
      end_user_id: 'user-exp',
      ttl_seconds: 60,
    });
    await t.services.db.query(
      `UPDATE client_sessions SET expires_at = now() - interval '1 hour' WHERE tenant_id = $1 AND end_user_id = 'user-exp'`,
      [tenant],
    );
    t.services.credentials.forgetAll();
    const res = await probe('tokenize', session.token);
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-service-error-code']).toBe('session_expired');
    expect(res.json().error.code).toBe('session_expired');
  });

  it('revoking a key ends it and the client sessions it minted', async () => {
    const key = await createKey(t.app, tenant, { kind: 'secret' });
    const session = await mintClientSession(t.app, key.key, { end_user_id: 'user-rev' });
    expect((await probe('tokenize', session.token)).statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/admin/api/tenants/${tenant}/api-keys/${key.id}`,
      headers: adminHeaders,
    });
    expect(revoke.statusCode).toBe(200);
    for (const credential of [key.key, session.token]) {
      const res = await probe('tokenize', credential);
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-service-error-code']).toBe('unauthorized');
    }
  });

  it('a revocation seen by another api process takes effect within 5 s (cache bound)', async () => {
    const other = await startTestApp({
      config: { ...t.config, SERVICE_REDIS_PREFIX: `${t.config.SERVICE_REDIS_PREFIX}x` },
    });
    try {
      const key = await createKey(t.app, tenant, { kind: 'secret' });
      const call = () =>
        other.app.inject({
          method: 'GET',
          url: '/v1/client/session-info',
          headers: { authorization: `Bearer ${key.key}` },
        });
      expect((await call()).statusCode).toBe(200);
      await t.app.inject({
        method: 'DELETE',
        url: `/admin/api/tenants/${tenant}/api-keys/${key.id}`,
        headers: adminHeaders,
      });
      const started = Date.now();
      let status = 200;
      while (status === 200 && Date.now() - started < 7_000) {
        await new Promise((r) => setTimeout(r, 250));
        status = (await call()).statusCode;
      }
      expect(status).toBe(401);
      expect(Date.now() - started).toBeLessThanOrEqual(5_500);
    } finally {
      await other.close();
    }
  });
});

describe('publishable keys and origins', () => {
  it('403 origin_not_allowed without an Origin, with null, or from an unlisted origin', async () => {
    for (const headers of [
      {},
      { origin: 'null' },
      { origin: 'https://shop.example' },
      { origin: 'https://evil.example' },
    ] as Record<string, string>[]) {
      const res = await probe('tokenize', creds.publishable, headers);
      expect(res.statusCode).toBe(403);
      expect(res.headers['x-service-error-code']).toBe('origin_not_allowed');
    }
    expect((await probe('tokenize', creds.publishable, { origin: ORIGIN })).statusCode).toBe(200);
  });

  it('answers CORS preflights and exposes the service headers to browsers', async () => {
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/probe/tokenize',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(ORIGIN);
    const res = await probe('tokenize', creds.publishable, { origin: ORIGIN });
    const exposed = String(res.headers['access-control-expose-headers']).toLowerCase();
    for (const h of [
      'x-service-session-id',
      'x-service-entity-count',
      'x-service-labels',
      'x-service-error-code',
    ]) {
      expect(exposed).toContain(h);
    }
  });

  it('sends no CORS headers on the admin API', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin/api/tenants',
      headers: { ...adminHeaders, origin: ORIGIN },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('tenant isolation', () => {
  it("a tenant's credential never reads another tenant's identity or data", async () => {
    const other = await createTenant(t.app, 'Other');
    const otherKey = (await createKey(t.app, other, { kind: 'secret' })).key;
    const mine = await t.app.inject({
      method: 'GET',
      url: '/v1/client/session-info',
      headers: { authorization: `Bearer ${otherKey}` },
    });
    expect(mine.json().tenant_id).toBe(other);
    // A client session minted by the other tenant's key belongs to the other tenant, whatever the body says.
    const session = await mintClientSession(t.app, otherKey, { end_user_id: 'user-1' });
    const info = await t.app.inject({
      method: 'GET',
      url: '/v1/client/session-info',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(info.json()).toMatchObject({ tenant_id: other, end_user_id: 'user-1' });
    const { rows } = await t.services.db.query(`SELECT tenant_id FROM client_sessions WHERE tenant_id = $1`, [
      other,
    ]);
    expect(rows).toHaveLength(1);
  });
});
