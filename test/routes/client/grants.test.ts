import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/test-app.js';
import { createKey, createTenant, mintClientSession } from '../../helpers/fixtures.js';
import { createApiKey } from '../../../src/credentials/api-key-queries.js';
import {
  clientOf,
  drainQueues,
  revealRows,
  startClientApi,
  statuses,
  tokenizeValues,
  VALUES,
  type Client,
  type ClientApiFixture,
  endUserSession,
} from './client-api.js';

const ORIGIN = 'https://app.shop.example';

let t: TestApp;
let api: ClientApiFixture;
let tenant: string;
let secretKey: string;
let secret: Client;

const createGrantRaw = (by: Client, payload: unknown, headers?: Record<string, string>) =>
  by.send('POST', '/v1/reveal-grants', payload, headers ? { headers } : {});

beforeAll(async () => {
  api = await startClientApi('Grants');
  ({ t, tenant, secretKey, secret } = api);
});
afterAll(async () => {
  await api?.close();
});

describe('POST /v1/reveal-grants', () => {
  it('creates a grant: 201 with id, created_at and expires_at (default ttl 900 s)', async () => {
    const res = await createGrantRaw(secret, { subject_end_user_id: 'someone', reason: 'support ticket 42' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.id).toMatch(/^grt_[0-9A-Za-z]{20}$/);
    for (const field of ['created_at', 'expires_at']) expect(body[field]).toMatch(/\+00:00$/);
    expect((Date.parse(body.expires_at) - Date.parse(body.created_at)) / 1000).toBeCloseTo(900, 0);
    const { rows } = await t.services.db.query(
      `SELECT reason, subject_end_user_id FROM reveal_grants WHERE tenant_id = $1 AND id = $2`,
      [tenant, body.id],
    );
    expect(rows[0]).toEqual({ reason: 'support ticket 42', subject_end_user_id: 'someone' });
  });

  it('takes ttl_seconds from 60 to 86400 and refuses others with 400', async () => {
    for (const ttl_seconds of [60, 86_400]) {
      const res = await createGrantRaw(secret, { subject_end_user_id: 'u', ttl_seconds });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect((Date.parse(body.expires_at) - Date.parse(body.created_at)) / 1000).toBeCloseTo(ttl_seconds, 0);
    }
    for (const ttl_seconds of [59, 86_401, 0, -1, 90.5, '900']) {
      const res = await createGrantRaw(secret, { subject_end_user_id: 'u', ttl_seconds });
      expect(res.statusCode, String(ttl_seconds)).toBe(400);
      expect(res.json().error.message).toMatch(/ttl_seconds/);
    }
  });

  it('needs a subject or tokens; tokens must be token ids', async () => {
    for (const payload of [
      {},
      { reason: 'x' },
      { tokens: [] },
      { tokens: ['not a token'] },
      { grantee_end_user_id: 'u' },
    ]) {
      const res = await createGrantRaw(secret, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    }
    expect((await createGrantRaw(secret, { tokens: ['[EMAIL: abcd1234]', 'EFGH5678'] })).statusCode).toBe(
      201,
    );
  });

  it('is for secret keys only (client sessions, publishable and device keys → 403)', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const pub = await createKey(t.app, tenant, { kind: 'publishable', allowed_origins: [ORIGIN] });
    await t.services.db.query(
      `INSERT INTO devices (tenant_id, id, end_user_id, name) VALUES ($1, 'dev_grants', 'dev-user', 'phone')`,
      [tenant],
    );
    const device = await createApiKey(t.services.db, {
      tenantId: tenant,
      kind: 'device',
      name: 'phone',
      scopes: ['tokenize', 'detokenize:own', 'proxy:forward'],
      allowedOrigins: [],
      deviceId: 'dev_grants',
      endUserId: 'dev-user',
    });
    for (const [caller, headers] of [
      [alice.client, undefined],
      [clientOf(t, pub.key), { origin: ORIGIN }],
      [clientOf(t, device.key), undefined],
    ] as const) {
      const res = await createGrantRaw(caller, { subject_end_user_id: alice.endUser }, headers);
      expect(res.statusCode).toBe(403);
      expect(res.headers['x-service-error-code']).toBe('forbidden');
    }
  });
});

describe('what a grant covers', () => {
  it('by subject: every token the subject created, in any session, and nothing else', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const bob = await endUserSession(t, secretKey, 'bob');
    const a1 = await tokenizeValues(alice.client);
    const a2 = await tokenizeValues(alice.client);
    const b = await tokenizeValues(bob.client);
    const grant = await secret.createGrant({ subject_end_user_id: alice.endUser });
    const res = await secret.revealed({ tokens: [a1.email, a2.card, b.email], grant_id: grant.id });
    expect(res.tokens).toEqual({
      [a1.email]: { status: 'revealed', plaintext: VALUES.email },
      [a2.card]: { status: 'revealed', plaintext: VALUES.card },
      [b.email]: { status: 'forbidden' },
    });
  });

  it('by tokens: only the listed tokens', async () => {
    const bob = await endUserSession(t, secretKey, 'bob');
    const b = await tokenizeValues(bob.client);
    const grant = await secret.createGrant({ tokens: [b.iban, `[PHONE: ${b.phone}]`] });
    expect(
      statuses(await secret.revealed({ tokens: [b.iban, b.phone, b.email], grant_id: grant.id })),
    ).toEqual({
      [b.iban]: 'revealed',
      [b.phone]: 'revealed',
      [b.email]: 'forbidden',
    });
  });

  it('by subject and tokens: the union', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const bob = await endUserSession(t, secretKey, 'bob');
    const a = await tokenizeValues(alice.client);
    const b = await tokenizeValues(bob.client);
    const grant = await secret.createGrant({ subject_end_user_id: alice.endUser, tokens: [b.card] });
    expect(
      statuses(
        await secret.revealed({
          tokens: [a.email, a.phone, a.iban, a.card, b.card, b.email],
          grant_id: grant.id,
        }),
      ),
    ).toEqual({
      [a.email]: 'revealed',
      [a.phone]: 'revealed',
      [a.iban]: 'revealed',
      [a.card]: 'revealed',
      [b.card]: 'revealed',
      [b.email]: 'forbidden',
    });
  });

  it('restores text with a grant', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const a = await tokenizeValues(alice.client);
    const grant = await secret.createGrant({ tokens: [a.email] });
    const res = await secret.revealed({
      text: `To: [EMAIL: ${a.email}] / [CARD: ${a.card}]`,
      grant_id: grant.id,
    });
    expect(res.text).toBe(`To: ${VALUES.email} / [CARD: ${a.card}]`);
  });
});

describe('who may present a grant', () => {
  it('with a grantee: that end user’s client session; 403 invalid_grant for another end user and for the secret key', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const carol = await endUserSession(t, secretKey, 'carol');
    const dave = await endUserSession(t, secretKey, 'dave');
    const a = await tokenizeValues(alice.client);
    const grant = await secret.createGrant({
      subject_end_user_id: alice.endUser,
      grantee_end_user_id: carol.endUser,
    });
    expect(statuses(await carol.client.revealed({ tokens: [a.email], grant_id: grant.id }))).toEqual({
      [a.email]: 'revealed',
    });
    // A second session of the grantee works too: the grant is bound to the end user, not the session.
    const carol2 = clientOf(
      t,
      (await mintClientSession(t.app, secretKey, { end_user_id: carol.endUser })).token,
    );
    expect(statuses(await carol2.revealed({ tokens: [a.phone], grant_id: grant.id }))).toEqual({
      [a.phone]: 'revealed',
    });
    for (const caller of [dave.client, secret]) {
      const res = await caller.detokenize({ tokens: [a.email], grant_id: grant.id });
      expect(res.statusCode).toBe(403);
      expect(res.headers['x-service-error-code']).toBe('invalid_grant');
      expect(res.body).not.toContain(VALUES.email);
    }
    // Nor does naming the grantee in the body help.
    const claimed = await dave.client.detokenize({
      tokens: [a.email],
      grant_id: grant.id,
      end_user_id: carol.endUser,
    });
    expect(claimed.statusCode).toBe(403);
  });

  it('without a grantee: the secret key only; a client session presenting it → 403', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const a = await tokenizeValues(alice.client);
    const grant = await secret.createGrant({ tokens: [a.email] });
    expect(statuses(await secret.revealed({ tokens: [a.email], grant_id: grant.id }))).toEqual({
      [a.email]: 'revealed',
    });
    // Even the subject's own session (who could reveal the token anyway) may not present it.
    for (const caller of [alice.client, (await endUserSession(t, secretKey, 'erin')).client]) {
      const res = await caller.detokenize({ tokens: [a.email], grant_id: grant.id });
      expect(res.statusCode).toBe(403);
      expect(res.headers['x-service-error-code']).toBe('invalid_grant');
    }
    // Any secret key of the tenant may use it, not only the one that created it.
    const another = clientOf(t, (await createKey(t.app, tenant, { kind: 'secret' })).key);
    expect(statuses(await another.revealed({ tokens: [a.email], grant_id: grant.id }))).toEqual({
      [a.email]: 'revealed',
    });
  });

  it('a publishable key never uses grants (403), even one with no grantee', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const a = await tokenizeValues(alice.client);
    const pub = await createKey(t.app, tenant, { kind: 'publishable', allowed_origins: [ORIGIN] });
    const grant = await secret.createGrant({ tokens: [a.email] });
    const res = await clientOf(t, pub.key, { origin: ORIGIN }).detokenize({
      tokens: [a.email],
      grant_id: grant.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['x-service-error-code']).toBe('invalid_grant');
  });

  it('unknown, expired, revoked and other tenants’ grants → 403 invalid_grant', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const a = await tokenizeValues(alice.client);
    const refused = async (grantId: string) => {
      const res = await secret.detokenize({ tokens: [a.email], grant_id: grantId });
      expect(res.statusCode, grantId).toBe(403);
      expect(res.headers['x-service-error-code']).toBe('invalid_grant');
    };
    await refused('grt_doesnotexist0000000');

    const expired = await secret.createGrant({ tokens: [a.email], ttl_seconds: 60 });
    await t.services.db.query(
      `UPDATE reveal_grants SET expires_at = now() - interval '1 second' WHERE tenant_id = $1 AND id = $2`,
      [tenant, expired.id],
    );
    await refused(expired.id);

    const revoked = await secret.createGrant({ tokens: [a.email] });
    expect(statuses(await secret.revealed({ tokens: [a.email], grant_id: revoked.id }))).toEqual({
      [a.email]: 'revealed',
    });
    const del = await secret.send('DELETE', `/v1/reveal-grants/${revoked.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ id: revoked.id, revoked_at: expect.stringMatching(/\+00:00$/) });
    await refused(revoked.id);

    // Another tenant's grant over the same token ids.
    const other = await createTenant(t.app, 'Other');
    const otherSecret = clientOf(t, (await createKey(t.app, other, { kind: 'secret' })).key);
    const foreign = await otherSecret.createGrant({ tokens: [a.email] });
    await refused(foreign.id);
  });
});

describe('DELETE /v1/reveal-grants/{id}', () => {
  it('revokes at once, is idempotent, 404 for unknown ids and other tenants’ grants, secret keys only', async () => {
    const grant = await secret.createGrant({ subject_end_user_id: 'whoever' });
    const first = await secret.send('DELETE', `/v1/reveal-grants/${grant.id}`);
    expect(first.statusCode).toBe(200);
    const again = await secret.send('DELETE', `/v1/reveal-grants/${grant.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    expect((await secret.send('DELETE', '/v1/reveal-grants/grt_unknown')).statusCode).toBe(404);
    const other = await createTenant(t.app, 'Other');
    const otherSecret = clientOf(t, (await createKey(t.app, other, { kind: 'secret' })).key);
    const live = await secret.createGrant({ subject_end_user_id: 'whoever' });
    expect((await otherSecret.send('DELETE', `/v1/reveal-grants/${live.id}`)).statusCode).toBe(404);
    const alice = await endUserSession(t, secretKey, 'alice');
    const byClient = await alice.client.send('DELETE', `/v1/reveal-grants/${live.id}`);
    expect(byClient.statusCode).toBe(403);
    const { rows } = await t.services.db.query(
      `SELECT revoked_at FROM reveal_grants WHERE tenant_id = $1 AND id = $2`,
      [tenant, live.id],
    );
    expect(rows[0].revoked_at).toBeNull();
  });
});

describe('grants in the reveal log', () => {
  it('a refused grant writes one forbidden row per requested token, with the grant id, and reveals nothing', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const carol = await endUserSession(t, secretKey, 'carol');
    const dave = await endUserSession(t, secretKey, 'dave');
    const a = await tokenizeValues(alice.client);
    const grant = await secret.createGrant({
      subject_end_user_id: alice.endUser,
      grantee_end_user_id: carol.endUser,
    });
    const res = await dave.client.detokenize({
      tokens: [a.email, a.phone],
      text: `[IBAN: ${a.iban}] and [EMAIL: ${a.email}]`,
      grant_id: grant.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toMatch(/maria|DE89/);
    await drainQueues(t);
    const rows = await revealRows(t, tenant, [a.email, a.phone, a.iban]);
    expect(rows.map((r) => [r.token_id, r.outcome, r.grant_id, r.end_user_id]).sort()).toEqual(
      [
        [a.email, 'forbidden', grant.id, dave.endUser],
        [a.iban, 'forbidden', grant.id, dave.endUser],
        [a.phone, 'forbidden', grant.id, dave.endUser],
      ].sort(),
    );
    expect(new Set(rows.map((r) => r.attempt_id)).size).toBe(1);
  });

  it('a used grant is recorded on each row of the attempt', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const a = await tokenizeValues(alice.client);
    const grant = await secret.createGrant({ tokens: [a.card] });
    await secret.revealed({ tokens: [a.card, a.email], grant_id: grant.id });
    await drainQueues(t);
    const rows = await revealRows(t, tenant, [a.card, a.email]);
    expect(rows.map((r) => [r.token_id, r.outcome, r.grant_id, r.credential_kind]).sort()).toEqual(
      [
        [a.card, 'revealed', grant.id, 'secret'],
        [a.email, 'forbidden', grant.id, 'secret'],
      ].sort(),
    );
  });
});
