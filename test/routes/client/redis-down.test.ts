import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/test-app.js';
import { createKey, createTenant } from '../../helpers/fixtures.js';
import {
  clientOf,
  endUserSession,
  revealRows,
  startDetectingApp,
  statuses,
  tokenCount,
  tokenizeValues,
  VALUES,
  type Client,
  type EndUser,
} from './client-api.js';

// The shared token cache (Redis) goes away under a running api process: everything that needs it
// fails closed, and the reveal log still records every refused attempt, directly in Postgres.
let t: TestApp;
let tenant: string;
let secret: Client;
let alice: EndUser;
let made: Awaited<ReturnType<typeof tokenizeValues>>;
let grantId: string;

const sessionCount = async () =>
  (
    await t.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions WHERE tenant_id = $1`, [
      tenant,
    ])
  ).rows[0]!.n;

beforeAll(async () => {
  t = await startDetectingApp();
  tenant = await createTenant(t.app, 'Redis down');
  const secretKey = (await createKey(t.app, tenant, { kind: 'secret' })).key;
  secret = clientOf(t, secretKey);
  alice = await endUserSession(t, secretKey, 'alice');
  made = await tokenizeValues(alice.client);
  // While Redis is up, alice can reveal her tokens.
  expect(statuses(await alice.client.revealed({ tokens: [made.email] }))).toEqual({
    [made.email]: 'revealed',
  });
  grantId = (await secret.createGrant({ tokens: [made.iban] })).id;
  t.services.redis.disconnect();
});
afterAll(async () => {
  await t?.close();
});

describe('Redis down', () => {
  it('credentials still authenticate (Postgres) and rate limits fall back to memory', async () => {
    const res = await alice.client.send('GET', '/v1/client/session-info');
    expect(res.statusCode).toBe(200);
    expect(res.json().end_user_id).toBe(alice.endUser);
  });

  it('tokenize → 503 and nothing is stored', async () => {
    const tokens = await tokenCount(t, tenant);
    const sessions = await sessionCount();
    for (const payload of [
      { texts: [`Mail ${VALUES.email}`] },
      { texts: [`Card ${VALUES.card}`], session_id: made.session },
    ]) {
      const res = await alice.client.tokenize(payload);
      expect(res.statusCode).toBe(503);
      expect(res.headers['x-service-error-code']).toBe('token_cache_unavailable');
      expect(res.body).not.toContain('maria');
    }
    expect(await tokenCount(t, tenant)).toBe(tokens);
    expect(await sessionCount()).toBe(sessions);
  });

  it('detokenize → 503 token_cache_unavailable, nothing revealed, refusals written directly to Postgres', async () => {
    const before = await revealRows(t, tenant, [made.email, made.phone]);
    const res = await alice.client.detokenize(
      { tokens: [made.email], text: `[PHONE: ${made.phone}]` },
      { remoteAddress: '192.0.2.44' },
    );
    expect(res.statusCode).toBe(503);
    expect(res.headers['x-service-error-code']).toBe('token_cache_unavailable');
    expect(res.json().error.code).toBe('token_cache_unavailable');
    expect(res.body).not.toContain(VALUES.email);
    expect(res.body).not.toContain(VALUES.phone);

    // No worker runs here and the queue is unreachable: these rows were inserted by the api process.
    const after = await revealRows(t, tenant, [made.email, made.phone]);
    const fresh = after.filter((r) => !before.some((b) => b.attempt_id === r.attempt_id));
    expect(
      fresh
        .map((r) => [r.token_id, r.outcome, r.end_user_id, r.credential_kind, r.client_ip, r.grant_id])
        .sort(),
    ).toEqual(
      [
        [made.email, 'forbidden', alice.endUser, 'client_session', '192.0.2.44', null],
        [made.phone, 'forbidden', alice.endUser, 'client_session', '192.0.2.44', null],
      ].sort(),
    );
    expect(new Set(fresh.map((r) => r.attempt_id)).size).toBe(1);
  });

  it('detokenize with a valid grant is refused the same way, and logged with the grant', async () => {
    const res = await secret.detokenize({ tokens: [made.iban], grant_id: grantId });
    expect(res.statusCode).toBe(503);
    expect(res.headers['x-service-error-code']).toBe('token_cache_unavailable');
    expect(res.body).not.toContain('DE89');
    const rows = await revealRows(t, tenant, [made.iban]);
    expect(rows.map((r) => [r.outcome, r.grant_id, r.credential_kind])).toEqual([
      ['forbidden', grantId, 'secret'],
    ]);
  });

  it('erasure → 503 and the token is left as it was (the cache could not be told)', async () => {
    const res = await secret.send('DELETE', `/v1/tokens/${made.card}`);
    expect(res.statusCode).toBe(503);
    expect(res.headers['x-service-error-code']).toBe('token_cache_unavailable');
    const { rows } = await t.services.db.query(
      `SELECT purged_at FROM tokens WHERE tenant_id = $1 AND id = $2`,
      [tenant, made.card],
    );
    expect(rows[0].purged_at).toBeNull();
  });
});
