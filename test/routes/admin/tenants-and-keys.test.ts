import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.js';
import { adminHeaders, adminPost, createKey, createTenant } from '../../helpers/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const inject = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = adminHeaders,
) =>
  t.app.inject({
    method,
    url: `/admin/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('admin authorisation', () => {
  it('refuses a missing or wrong admin token with 401 and the error shape', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-wrong-token-wrong' },
      { authorization: 'Basic x' },
    ]) {
      const res = await inject('GET', '/tenants', undefined, headers as Record<string, string>);
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-service-error-code']).toBe('unauthorized');
      const body = res.json();
      expect(body.error.code).toBe('unauthorized');
      expect(body.error.request_id).toMatch(/^req_/);
      expect(res.headers['x-request-id']).toBe(body.error.request_id);
    }
  });
});

describe('tenants', () => {
  it('creates and lists tenants newest first with a cursor, skipping nothing', async () => {
    const created = await adminPost<{ id: string; name: string; created_at: string }>(t.app, '/tenants', {
      name: 'One',
    });
    expect(created.id).toMatch(/^ten_/);
    expect(created.name).toBe('One');
    expect(created.created_at).toMatch(/\+00:00$/);
    const b = await createTenant(t.app, 'Two');
    const c = await createTenant(t.app, 'Three');
    // Same microsecond-level creation times must not make a page boundary skip rows.
    await t.services.db.query(`UPDATE tenants SET created_at = $2 WHERE id = ANY($1)`, [
      [created.id, b, c],
      '2026-01-01T00:00:00.123456Z',
    ]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { id: string }[]; next_cursor: string | null } = (
        await inject('GET', `/tenants?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      seen.push(...page.data.map((x: { id: string }) => x.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const mine = seen.filter((id) => [created.id, b, c].includes(id));
    expect(mine).toEqual([created.id, b, c].sort().reverse());
  });

  it('validates input with field names and never echoes values', async () => {
    const res = await inject('POST', '/tenants', { name: '', extra_secret_field: 'v' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
    expect(res.json().error.message).toMatch(/name/);
    const bad = await inject('GET', '/tenants?limit=501');
    expect(bad.statusCode).toBe(400);
    const badCursor = await inject('GET', '/tenants?cursor=!!!');
    expect(badCursor.statusCode).toBe(400);
  });

  it('answers 404 for an unknown tenant', async () => {
    const res = await inject('GET', '/tenants/ten_missing/api-keys');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('rejects a non-JSON body with 400, and an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/tenants',
      headers: { ...adminHeaders, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    const res2 = await t.app.inject({
      method: 'POST',
      url: '/admin/api/tenants',
      headers: { ...adminHeaders, 'content-type': 'text/plain' },
      payload: 'name=x',
    });
    expect(res2.statusCode).toBe(415);
  });
});

describe('provider keys', () => {
  it('stores only an HMAC and the last four characters, and 409s a key registered anywhere', async () => {
    const a = await createTenant(t.app, 'A');
    const b = await createTenant(t.app, 'B');
    const key = 'sk-proj-ABCDEFGHIJKLMNOP1234wxyz';
    const created = await adminPost<Record<string, unknown>>(t.app, `/tenants/${a}/provider-keys`, {
      provider: 'openai',
      key,
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^pk_/),
      provider: 'openai',
      last4: 'wxyz',
      base_url: null,
      created_at: expect.any(String),
    });
    const dup = await inject('POST', `/tenants/${b}/provider-keys`, { provider: 'anthropic', key });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('provider_key_exists');

    const { rows } = await t.services.db.query(`SELECT * FROM provider_keys WHERE tenant_id = $1`, [a]);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain('ABCDEFGHIJKLMNOP');

    const list = (await inject('GET', `/tenants/${a}/provider-keys`)).json();
    expect(list.data).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(key);

    expect((await inject('DELETE', `/tenants/${b}/provider-keys/${created.id}`)).statusCode).toBe(404);
    expect((await inject('DELETE', `/tenants/${a}/provider-keys/${created.id}`)).statusCode).toBe(204);
    expect((await inject('DELETE', `/tenants/${a}/provider-keys/${created.id}`)).statusCode).toBe(404);
  });

  it('requires base_url for custom only, and a known provider', async () => {
    const a = await createTenant(t.app);
    expect(
      (await inject('POST', `/tenants/${a}/provider-keys`, { provider: 'custom', key: 'local-key-123' }))
        .statusCode,
    ).toBe(400);
    const custom = await inject('POST', `/tenants/${a}/provider-keys`, {
      provider: 'custom',
      key: 'local-key-123',
      base_url: 'http://127.0.0.1:11434/v1/',
    });
    expect(custom.statusCode).toBe(201);
    expect(custom.json().base_url).toBe('http://127.0.0.1:11434/v1');
    expect(
      (
        await inject('POST', `/tenants/${a}/provider-keys`, {
          provider: 'openai',
          key: 'sk-another-1',
          base_url: 'https://x.io',
        })
      ).statusCode,
    ).toBe(400);
    const unknown = await inject('POST', `/tenants/${a}/provider-keys`, {
      provider: 'cohere',
      key: 'abcdefghij',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/provider/);
  });
});

describe('api keys', () => {
  it('returns the full key once, stores its hash, and lists without it', async () => {
    const a = await createTenant(t.app);
    const created = await createKey(t.app, a, { kind: 'secret', name: 'backend' });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^key_/),
      kind: 'secret',
      name: 'backend',
      prefix: created.key.slice(0, 13),
      scopes: ['client_session:create', 'reveal_grant:create', 'tokenize', 'detokenize:own', 'proxy:forward'],
      allowed_origins: [],
      revoked_at: null,
    });
    expect(created.key).toMatch(/^xsk_live_[0-9A-Za-z]{32}$/);
    const list = (await inject('GET', `/tenants/${a}/api-keys`)).json();
    expect(list.data[0]).not.toHaveProperty('key');
    expect(JSON.stringify(list)).not.toContain(created.key);
  });

  it('keeps the key table free of usable keys', async () => {
    const a = await createTenant(t.app);
    const keys = await Promise.all([
      createKey(t.app, a, { kind: 'secret' }),
      createKey(t.app, a, { kind: 'publishable', allowed_origins: ['https://a.example'] }),
    ]);
    const { rows } = await t.services.db.query(`SELECT * FROM api_keys WHERE tenant_id = $1`, [a]);
    const dump = JSON.stringify(rows);
    for (const { key } of keys) {
      expect(dump).not.toContain(key);
      expect(dump).not.toContain(key.slice(13)); // the secret part beyond the display prefix
    }
  });

  it('drops privileged scopes for publishable keys and lets secret keys opt in to detokenize:any', async () => {
    const a = await createTenant(t.app);
    const pub = await createKey(t.app, a, {
      kind: 'publishable',
      allowed_origins: ['https://shop.example'],
      scopes: ['tokenize', 'detokenize:any', 'client_session:create', 'reveal_grant:create'],
    });
    expect(pub.scopes).toEqual(['tokenize']);
    expect(pub.key).toMatch(/^xpk_live_/);
    const sec = await createKey(t.app, a, { kind: 'secret', scopes: ['tokenize', 'detokenize:any'] });
    expect(sec.scopes).toEqual(['tokenize', 'detokenize:any']);
  });

  it('refuses device keys, publishable keys without origins, bad origins and unknown scopes', async () => {
    const a = await createTenant(t.app);
    const cases = [
      { kind: 'device', name: 'x' },
      { kind: 'publishable', name: 'x' },
      { kind: 'publishable', name: 'x', allowed_origins: [] },
      { kind: 'publishable', name: 'x', allowed_origins: ['https://*.com'] },
      { kind: 'secret', name: 'x', allowed_origins: ['https://a.example'] },
      { kind: 'secret', name: 'x', scopes: ['admin'] },
    ];
    for (const body of cases) {
      const res = await inject('POST', `/tenants/${a}/api-keys`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    }
  });

  it('revokes idempotently, only within its tenant', async () => {
    const a = await createTenant(t.app);
    const b = await createTenant(t.app);
    const key = await createKey(t.app, a, { kind: 'secret' });
    expect((await inject('DELETE', `/tenants/${b}/api-keys/${key.id}`)).statusCode).toBe(404);
    const first = await inject('DELETE', `/tenants/${a}/api-keys/${key.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().revoked_at).toEqual(expect.any(String));
    const again = await inject('DELETE', `/tenants/${a}/api-keys/${key.id}`);
    expect(again.json().revoked_at).toBe(first.json().revoked_at);
  });
});

describe('tenant settings', () => {
  it('returns defaults and merges patches field by field', async () => {
    const a = await createTenant(t.app);
    const initial = (await inject('GET', `/tenants/${a}/settings`)).json();
    expect(initial).toMatchObject({
      debug_mode: false,
      token_retention_days: null,
      rate_limits: {
        secret_per_minute: 6000,
        publishable_per_minute: 600,
        client_per_minute: 300,
        proxy_per_minute: null,
      },
    });
    expect(initial.detection.entities).toContain('PERSON');
    const patched = await inject('PATCH', `/tenants/${a}/settings`, {
      debug_mode: true,
      rate_limits: { secret_per_minute: 10 },
      detection: {
        threshold: 0.7,
        deny_patterns: [{ label: 'EMPLOYEE_ID', pattern: 'EMP-\\d{6}', score: 0.9 }],
      },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      debug_mode: true,
      rate_limits: { secret_per_minute: 10, publishable_per_minute: 600 },
      detection: { threshold: 0.7, entities: initial.detection.entities },
    });
    expect((await inject('GET', `/tenants/${a}/settings`)).json().detection.deny_patterns).toHaveLength(1);
  });

  it('refuses ReDoS-prone deny patterns and bad values', async () => {
    const a = await createTenant(t.app);
    for (const body of [
      { detection: { deny_patterns: [{ label: 'X', pattern: '(a+)+$', score: 0.9 }] } },
      { detection: { deny_patterns: [{ label: 'X', pattern: '([', score: 0.9 }] } },
      { detection: { entities: ['NOT_A_TYPE'] } },
      { detection: { threshold: 2 } },
      { token_retention_days: 0 },
      { rate_limits: { secret_per_minute: 0 } },
      { unknown: true },
    ]) {
      const res = await inject('PATCH', `/tenants/${a}/settings`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
