import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { startTestApp, testConfig } from './helpers/test-app.js';
import { adminHeaders, createKey, createTenant, mintClientSession } from './helpers/fixtures.js';

describe('logs', () => {
  it('never contain bodies, keys, tokens or session ids', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await startTestApp({ config: testConfig({ LOG_LEVEL: 'trace' }), logStream: sink });
    try {
      const tenant = await createTenant(t.app, 'Logged Tenant Name');
      const secret = (await createKey(t.app, tenant, { kind: 'secret' })).key;
      const session = await mintClientSession(t.app, secret, {
        end_user_id: 'end-user-maria.rossi@example.com',
      });
      const providerKey = 'sk-proj-LOGCANARY-0123456789';
      await t.app.inject({
        method: 'POST',
        url: `/admin/api/tenants/${tenant}/provider-keys`,
        headers: adminHeaders,
        payload: { provider: 'openai', key: providerKey },
      });
      await t.app.inject({
        method: 'GET',
        url: '/v1/client/session-info',
        headers: {
          authorization: `Bearer ${session.token}`,
          'x-service-session-id': 'ses_CANARYSESSION',
          cookie: 'a=b',
        },
      });
      // A failing request with a body that must not be echoed anywhere.
      await t.app.inject({
        method: 'POST',
        url: '/v1/client-sessions',
        headers: { authorization: `Bearer ${secret}` },
        payload: { end_user_id: 'x', ttl_seconds: 'BODYCANARY' },
      });
      const all = lines.join('');
      expect(lines.length).toBeGreaterThan(5); // the sink really received request logs
      expect(all).toContain('"route":"/v1/client/session-info"');
      for (const secretValue of [
        secret,
        session.token,
        providerKey,
        'LOGCANARY',
        'CANARYSESSION',
        'maria.rossi',
        'BODYCANARY',
        'Logged Tenant Name',
        'test-admin-token',
      ]) {
        expect(all, secretValue).not.toContain(secretValue);
      }
    } finally {
      await t.close();
    }
  });
});
