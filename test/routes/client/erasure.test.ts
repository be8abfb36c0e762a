import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueueEvents } from 'bullmq';
import type { TestApp } from '../../helpers/test-app.js';
import { adminHeaders, createKey, createTenant } from '../../helpers/fixtures.js';
import { bullPrefix } from '../../../src/queues/catalog.js';
import {
  clientOf,
  endUserSession,
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
let revealsAny: Client;

interface StoredToken {
  value_ciphertext: Buffer | null;
  value_hmac: Buffer | null;
  purged_at: Date | null;
}

async function stored(tenantId: string, id: string): Promise<StoredToken> {
  const { rows } = await t.services.db.query<StoredToken>(
    `SELECT value_ciphertext, value_hmac, purged_at FROM tokens WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id],
  );
  return rows[0]!;
}

const cacheKey = (tenantId: string, id: string) => `${t.config.SERVICE_REDIS_PREFIX}:tok:${tenantId}:${id}`;

async function expectPurged(tenantId: string, id: string) {
  const row = await stored(tenantId, id);
  expect(row.value_ciphertext).toBeNull();
  expect(row.value_hmac).toBeNull();
  expect(row.purged_at).toBeInstanceOf(Date);
  const cached = await t.services.redis.get(cacheKey(tenantId, id));
  // The cache holds a tombstone (no ciphertext) or nothing at all, never the old value.
  if (cached !== null) expect(JSON.parse(cached)).toMatchObject({ c: null, p: 1 });
}

async function expectKept(tenantId: string, id: string) {
  const row = await stored(tenantId, id);
  expect(row.value_ciphertext).toBeInstanceOf(Buffer);
  expect(row.purged_at).toBeNull();
}

beforeAll(async () => {
  api = await startClientApi('Erasure');
  ({ t, tenant, secretKey, secret } = api);
  revealsAny = clientOf(
    t,
    (await createKey(t.app, tenant, { kind: 'secret', scopes: ['detokenize:any'] })).key,
  );
});
afterAll(async () => {
  await api?.close();
});

describe('DELETE /v1/tokens/{id}', () => {
  it('purges one token in Postgres and the cache before answering; later reveals say purged', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const made = await tokenizeValues(alice.client);
    // Warm the cache with the live value first, so the purge has to replace it.
    expect(statuses(await alice.client.revealed({ tokens: [made.email] }))).toEqual({
      [made.email]: 'revealed',
    });
    expect(await t.services.redis.get(cacheKey(tenant, made.email))).not.toBeNull();

    const res = await secret.send('DELETE', `/v1/tokens/${made.email}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: made.email, status: 'purged' });
    await expectPurged(tenant, made.email);
    await expectKept(tenant, made.phone);

    expect(await alice.client.revealed({ tokens: [made.email, made.phone] })).toEqual({
      tokens: {
        [made.email]: { status: 'purged' },
        [made.phone]: { status: 'revealed', plaintext: VALUES.phone },
      },
    });
    const restored = await alice.client.revealed({ text: `[EMAIL: ${made.email}]` });
    expect(restored.text).toBe(`[EMAIL: ${made.email}]`);
  });

  it('accepts token text as the id, is idempotent, and a purged value gets a fresh token when tokenized again', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const made = await tokenizeValues(alice.client);
    const path = `/v1/tokens/${encodeURIComponent(`[CARD: ${made.card}]`)}`;
    expect((await secret.send('DELETE', path)).statusCode).toBe(200);
    const again = await secret.send('DELETE', `/v1/tokens/${made.card}`);
    expect(again.statusCode).toBe(200);
    await expectPurged(tenant, made.card);

    const retokenized = await alice.client.tokenized([`Card ${VALUES.card}`], { session_id: made.session });
    const fresh = Object.keys(retokenized.tokens)[0]!;
    expect(fresh).not.toBe(made.card);
    expect(statuses(await alice.client.revealed({ tokens: [fresh, made.card] }))).toEqual({
      [fresh]: 'revealed',
      [made.card]: 'purged',
    });
  });

  it('404 for unknown and malformed ids and for another tenant’s tokens', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const made = await tokenizeValues(alice.client);
    const other = await createTenant(t.app, 'Other');
    const otherSecret = clientOf(t, (await createKey(t.app, other, { kind: 'secret' })).key);
    for (const [caller, id] of [
      [secret, 'zzzzzzzz'],
      [secret, 'not-a-token'],
      [otherSecret, made.iban],
    ] as const) {
      const res = await caller.send('DELETE', `/v1/tokens/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['x-service-error-code']).toBe('not_found');
    }
    await expectKept(tenant, made.iban);
  });

  it('needs a secret key: client sessions and publishable keys get 403', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const made = await tokenizeValues(alice.client);
    const pub = await createKey(t.app, tenant, { kind: 'publishable', allowed_origins: [ORIGIN] });
    for (const caller of [alice.client, clientOf(t, pub.key, { origin: ORIGIN })]) {
      const res = await caller.send('DELETE', `/v1/tokens/${made.phone}`);
      expect(res.statusCode).toBe(403);
      expect(res.headers['x-service-error-code']).toBe('forbidden');
    }
    await expectKept(tenant, made.phone);
  });
});

describe('POST /v1/end-users/{id}/purge', () => {
  it('purges the tokens the end user created and every token in sessions the end user owns', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const bob = await endUserSession(t, secretKey, 'bob');
    // Alice's own tokens, in two sessions.
    const own1 = await tokenizeValues(alice.client);
    const own2 = await tokenizeValues(alice.client);
    // Tokens created by no one in a session alice later claimed.
    const unowned = await tokenizeValues(secret);
    await alice.client.tokenized(['claiming'], { session_id: unowned.session });
    // Tokens a server created for alice by naming her.
    const forAlice = await tokenizeValues(secret, { end_user_id: alice.endUser });
    // Bob's and an unowned session's tokens stay.
    const bobs = await tokenizeValues(bob.client);
    const loose = await tokenizeValues(secret);

    const purgedIds = [own1, own2, unowned, forAlice].flatMap((m) => [m.email, m.phone, m.iban, m.card]);
    const res = await secret.send('POST', `/v1/end-users/${encodeURIComponent(alice.endUser)}/purge`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ end_user_id: alice.endUser, purged_count: purgedIds.length });
    for (const id of purgedIds) await expectPurged(tenant, id);
    for (const id of [bobs.email, loose.email]) await expectKept(tenant, id);

    const after = await revealsAny.revealed({ tokens: [...purgedIds, bobs.email, loose.card] });
    expect(statuses(after)).toEqual({
      ...Object.fromEntries(purgedIds.map((id) => [id, 'purged'])),
      [bobs.email]: 'revealed',
      [loose.card]: 'revealed',
    });

    const again = await secret.send('POST', `/v1/end-users/${encodeURIComponent(alice.endUser)}/purge`, {});
    expect(again.json()).toEqual({ end_user_id: alice.endUser, purged_count: 0 });
  });

  it('needs a secret key and touches only its own tenant', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const made = await tokenizeValues(alice.client);
    const byClient = await alice.client.send('POST', `/v1/end-users/${alice.endUser}/purge`, {});
    expect(byClient.statusCode).toBe(403);
    const other = await createTenant(t.app, 'Other');
    const otherSecret = clientOf(t, (await createKey(t.app, other, { kind: 'secret' })).key);
    const foreign = await otherSecret.send('POST', `/v1/end-users/${alice.endUser}/purge`, {});
    expect(foreign.json()).toEqual({ end_user_id: alice.endUser, purged_count: 0 });
    await expectKept(tenant, made.email);
  });
});

describe('token retention', () => {
  it('the maintenance worker purges tokens older than token_retention_days, per tenant', async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/admin/api/tenants/${tenant}/settings`,
      headers: adminHeaders,
      payload: { token_retention_days: 30 },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().token_retention_days).toBe(30);

    // A tenant without retention keeps its old tokens.
    const keeper = await createTenant(t.app, 'Keeps everything');
    const keeperSecret = clientOf(t, (await createKey(t.app, keeper, { kind: 'secret' })).key);
    const kept = await tokenizeValues(keeperSecret);

    const alice = await endUserSession(t, secretKey, 'alice');
    const old = await tokenizeValues(alice.client);
    const recent = await tokenizeValues(alice.client);
    // Cached live values first: retention must replace them too.
    expect(statuses(await alice.client.revealed({ tokens: [old.email, old.phone] }))).toEqual({
      [old.email]: 'revealed',
      [old.phone]: 'revealed',
    });
    await t.services.db.query(
      `UPDATE tokens SET created_at = now() - interval '31 days' WHERE tenant_id = $1 AND session_id = $2`,
      [tenant, old.session],
    );
    await t.services.db.query(
      `UPDATE tokens SET created_at = now() - interval '29 days' WHERE tenant_id = $1 AND session_id = $2`,
      [tenant, recent.session],
    );
    await t.services.db.query(
      `UPDATE tokens SET created_at = now() - interval '400 days' WHERE tenant_id = $1 AND session_id = $2`,
      [keeper, kept.session],
    );

    const events = new QueueEvents('maintenance', {
      connection: { url: t.config.REDIS_URL },
      prefix: bullPrefix(t.config.SERVICE_REDIS_PREFIX),
    });
    try {
      await events.waitUntilReady();
      const job = await t.services.queues.add('maintenance', 'apply-token-retention', {
        task: 'apply-token-retention',
      });
      await job.waitUntilFinished(events, 20_000);
    } finally {
      await events.close();
    }

    for (const id of [old.email, old.phone, old.iban, old.card]) await expectPurged(tenant, id);
    for (const id of [recent.email, recent.card]) await expectKept(tenant, id);
    await expectKept(keeper, kept.email);
    expect(statuses(await alice.client.revealed({ tokens: [old.email, old.phone, recent.email] }))).toEqual({
      [old.email]: 'purged',
      [old.phone]: 'purged',
      [recent.email]: 'revealed',
    });
  });
});
