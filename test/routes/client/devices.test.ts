import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/test-app.js';
import { createKey, createTenant, mintClientSession } from '../../helpers/fixtures.js';
import {
  clientOf,
  drainQueues,
  endUserSession,
  revealRows,
  startClientApi,
  statuses,
  tokenizeValues,
  VALUES,
  type Client,
  type ClientApiFixture,
} from './client-api.js';

const ORIGIN = 'https://app.shop.example';

let t: TestApp;
let api: ClientApiFixture;
let tenant: string;
let secretKey: string;
let secret: Client;

async function enroll(endUser: string, name = 'Phone') {
  const res = await secret.send('POST', '/v1/devices', { end_user_id: endUser, name });
  if (res.statusCode !== 201) throw new Error(`enroll → ${res.statusCode}: ${res.body}`);
  return res.json<{ device_id: string; key: string }>();
}

beforeAll(async () => {
  api = await startClientApi('Devices');
  ({ t, tenant, secretKey, secret } = api);
});
afterAll(async () => {
  await api?.close();
});

describe('POST /v1/devices', () => {
  it('enrolls a device: 201 with device_id and an xdk_ key shown once (only its hash is stored)', async () => {
    const res = await secret.send('POST', '/v1/devices', { end_user_id: 'erin', name: 'Erin’s phone' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['device_id', 'key']);
    expect(body.device_id).toMatch(/^dev_[0-9A-Za-z]{20}$/);
    expect(body.key).toMatch(/^xdk_[0-9A-Za-z]{32}$/);
    const { rows } = await t.services.db.query(
      `SELECT k.kind, k.end_user_id, k.device_id, k.scopes, k.prefix, d.end_user_id AS device_user, d.name
         FROM api_keys k JOIN devices d ON d.tenant_id = k.tenant_id AND d.id = k.device_id
        WHERE k.tenant_id = $1 AND k.device_id = $2`,
      [tenant, body.device_id],
    );
    expect(rows).toEqual([
      {
        kind: 'device',
        end_user_id: 'erin',
        device_id: body.device_id,
        scopes: ['tokenize', 'detokenize:own', 'proxy:forward'],
        prefix: body.key.slice(0, 8),
        device_user: 'erin',
        name: 'Erin’s phone',
      },
    ]);
    expect(
      JSON.stringify(await t.services.db.query(`SELECT * FROM api_keys WHERE tenant_id = $1`, [tenant])),
    ).not.toContain(body.key);
    const info = await clientOf(t, body.key).send('GET', '/v1/client/session-info');
    expect(info.json()).toEqual({
      tenant_id: tenant,
      kind: 'device',
      scopes: ['tokenize', 'detokenize:own', 'proxy:forward'],
      end_user_id: 'erin',
      expires_at: null,
    });
  });

  it('needs a secret key and a valid body', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const pub = await createKey(t.app, tenant, { kind: 'publishable', allowed_origins: [ORIGIN] });
    const device = await enroll('someone');
    for (const [caller, headers] of [
      [alice.client, {}],
      [clientOf(t, pub.key), { origin: ORIGIN }],
      [clientOf(t, device.key), {}],
    ] as const) {
      const res = await caller.send('POST', '/v1/devices', { end_user_id: 'x', name: 'y' }, { headers });
      expect(res.statusCode).toBe(403);
    }
    for (const payload of [
      {},
      { end_user_id: 'x' },
      { name: 'y' },
      { end_user_id: '', name: 'y' },
      { end_user_id: 'x', name: ' ' },
    ]) {
      const res = await secret.send('POST', '/v1/devices', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('a device key', () => {
  it('is bound to its end user: its tokens are attributed to them, whatever the body says', async () => {
    const device = clientOf(t, (await enroll('frank')).key);
    const body = await device.tokenized([`Mail ${VALUES.email}`], { end_user_id: 'mallory' });
    const id = Object.keys(body.tokens)[0]!;
    const { rows } = await t.services.db.query(
      `SELECT t.created_by_end_user, s.owner_end_user_id FROM tokens t JOIN sessions s ON s.tenant_id = t.tenant_id AND s.id = t.session_id
        WHERE t.tenant_id = $1 AND t.id = $2`,
      [tenant, id],
    );
    expect(rows).toEqual([{ created_by_end_user: 'frank', owner_end_user_id: 'frank' }]);
  });

  it('reveals its end user’s tokens (from any of their credentials) and nobody else’s', async () => {
    const deviceKey = (await enroll('gina')).key;
    const device = clientOf(t, deviceKey);
    const fromDevice = await tokenizeValues(device);
    const other = await endUserSession(t, secretKey, 'other');
    // Tokens minted through a client session bound to the same end user id.
    const session = clientOf(t, (await mintClientSession(t.app, secretKey, { end_user_id: 'gina' })).token);
    const fromSession = await tokenizeValues(session);
    const someoneElse = await tokenizeValues(other.client);

    expect(
      await device.revealed({ tokens: [fromDevice.email, fromSession.card, someoneElse.email] }),
    ).toEqual({
      tokens: {
        [fromDevice.email]: { status: 'revealed', plaintext: VALUES.email },
        [fromSession.card]: { status: 'revealed', plaintext: VALUES.card },
        [someoneElse.email]: { status: 'forbidden' },
      },
    });
    // And the end user's client session reveals what the device created.
    expect(statuses(await session.revealed({ tokens: [fromDevice.iban] }))).toEqual({
      [fromDevice.iban]: 'revealed',
    });
    // Another end user's session cannot open the device's session.
    expect(
      statuses(await other.client.revealed({ tokens: [fromDevice.phone], session_id: fromDevice.session })),
    ).toEqual({
      [fromDevice.phone]: 'forbidden',
    });

    await drainQueues(t);
    const { rows: keyRows } = await t.services.db.query<{ id: string }>(
      `SELECT id FROM api_keys WHERE tenant_id = $1 AND kind = 'device' AND end_user_id = 'gina'`,
      [tenant],
    );
    const rows = await revealRows(t, tenant, [fromDevice.email]);
    expect(rows.map((r) => [r.credential_kind, r.credential_id, r.end_user_id, r.outcome])).toEqual([
      ['device', keyRows[0]!.id, 'gina', 'revealed'],
    ]);
  });
});

describe('DELETE /v1/devices/{id}', () => {
  it('revokes the device and its key at once (401 afterwards), idempotently', async () => {
    const enrolled = await enroll('hugo');
    const device = clientOf(t, enrolled.key);
    const made = await tokenizeValues(device);
    const res = await secret.send('DELETE', `/v1/devices/${enrolled.device_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      device_id: enrolled.device_id,
      revoked_at: expect.stringMatching(/\+00:00$/),
    });
    for (const call of [
      () => device.tokenize({ texts: ['x'] }),
      () => device.detokenize({ tokens: [made.email] }),
      () => device.send('GET', '/v1/client/session-info'),
    ]) {
      const after = await call();
      expect(after.statusCode).toBe(401);
      expect(after.headers['x-service-error-code']).toBe('unauthorized');
    }
    const again = await secret.send('DELETE', `/v1/devices/${enrolled.device_id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    // The end user's tokens are still theirs: a client session of hugo reveals them.
    const hugo = clientOf(t, (await mintClientSession(t.app, secretKey, { end_user_id: 'hugo' })).token);
    expect(statuses(await hugo.revealed({ tokens: [made.email] }))).toEqual({ [made.email]: 'revealed' });
  });

  it('404 for unknown devices and other tenants’ devices; secret keys only', async () => {
    const enrolled = await enroll('iris');
    expect((await secret.send('DELETE', '/v1/devices/dev_unknown')).statusCode).toBe(404);
    const other = await createTenant(t.app, 'Other');
    const otherSecret = clientOf(t, (await createKey(t.app, other, { kind: 'secret' })).key);
    expect((await otherSecret.send('DELETE', `/v1/devices/${enrolled.device_id}`)).statusCode).toBe(404);
    const selfRevoke = await clientOf(t, enrolled.key).send('DELETE', `/v1/devices/${enrolled.device_id}`);
    expect(selfRevoke.statusCode).toBe(403);
    expect((await clientOf(t, enrolled.key).send('GET', '/v1/client/session-info')).statusCode).toBe(200);
  });
});
