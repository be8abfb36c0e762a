import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/test-app.js';
import { adminHeaders, createKey, createTenant } from '../../helpers/fixtures.js';
import { isoWithOffset } from '../../../src/http/timestamps.js';
import {
  apiKeyId,
  clientOf,
  clientSessionId,
  drainQueues,
  endUserSession,
  startDetectingApp,
  startInProcessWorkers,
  tokenizeValues,
  VALUE_TEXTS,
  VALUES,
  type Client,
  type EndUser,
  type InProcessWorkers,
} from '../client/client-api.js';

interface RevealItem {
  attempt_id: string;
  token: string;
  outcome: string;
  end_user_id: string | null;
  credential_kind: string;
  credential_id: string;
  client_ip: string | null;
  grant_id: string | null;
  created_at: string;
}

interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

let t: TestApp;
let workers: InProcessWorkers;
let tenant: string;
let secret: Client;
let secretId: string;
let alice: EndUser;
let bob: EndUser;
let made: Awaited<ReturnType<typeof tokenizeValues>>;
let usedGrant: string;
let revokedGrant: string;
let expiredGrant: string;
let midpoint: string;
const tokenizedCharacters: number[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function admin<T>(path: string, status = 200): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url: `/admin/api${path}`, headers: adminHeaders });
  if (res.statusCode !== status) throw new Error(`GET ${path} → ${res.statusCode}: ${res.body}`);
  return res.json<T>();
}

const reveals = (query = '') => admin<Page<RevealItem>>(`/tenants/${tenant}/reveals${query}`);

beforeAll(async () => {
  t = await startDetectingApp();
  workers = await startInProcessWorkers(t);
  tenant = await createTenant(t.app, 'Admin logs');
  const secretKey = (await createKey(t.app, tenant, { kind: 'secret' })).key;
  secret = clientOf(t, secretKey);
  secretId = await apiKeyId(t, secretKey);
  alice = await endUserSession(t, secretKey, 'alice');
  bob = await endUserSession(t, secretKey, 'bob');

  // Metered and audited: two tokenize calls (the second creates nothing new) and one detect.
  made = await tokenizeValues(alice.client);
  const texts = [...VALUE_TEXTS];
  tokenizedCharacters.push(texts.join('').length);
  await alice.client.tokenized(texts, { session_id: made.session });
  tokenizedCharacters.push(texts.join('').length);
  expect((await alice.client.detect({ texts })).statusCode).toBe(200);

  // Six reveal-log rows in four attempts, split by a midpoint in time.
  await alice.client.revealed({ tokens: [made.email, made.phone] });
  await sleep(3);
  await bob.client.revealed({ tokens: [made.email, 'zzzzzzzz'] }, { remoteAddress: '198.51.100.20' });
  await sleep(5);
  midpoint = isoWithOffset(new Date());
  await sleep(5);
  usedGrant = (await secret.createGrant({ tokens: [made.iban], reason: 'audit' })).id;
  await secret.revealed({ tokens: [made.iban], grant_id: usedGrant });
  revokedGrant = (
    await secret.createGrant({ subject_end_user_id: alice.endUser, grantee_end_user_id: bob.endUser })
  ).id;
  expect((await secret.send('DELETE', `/v1/reveal-grants/${revokedGrant}`)).statusCode).toBe(200);
  expect((await bob.client.detokenize({ tokens: [made.card], grant_id: revokedGrant })).statusCode).toBe(403);
  expiredGrant = (await secret.createGrant({ tokens: [made.phone], ttl_seconds: 60 })).id;
  await t.services.db.query(
    `UPDATE reveal_grants SET expires_at = now() - interval '1 minute' WHERE tenant_id = $1 AND id = $2`,
    [tenant, expiredGrant],
  );
  await drainQueues(t);
});
afterAll(async () => {
  await workers?.close();
  await t?.close();
});

describe('GET /admin/api/tenants/{t}/reveals', () => {
  it('lists one row per token per attempt, newest first, with every recorded field', async () => {
    const page = await reveals();
    expect(page.next_cursor).toBeNull();
    expect(page.data).toHaveLength(6);
    const times = page.data.map((r) => Date.parse(r.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const row of page.data) {
      expect(Object.keys(row).sort()).toEqual([
        'attempt_id',
        'client_ip',
        'created_at',
        'credential_id',
        'credential_kind',
        'end_user_id',
        'grant_id',
        'outcome',
        'token',
      ]);
    }
    const aliceId = await clientSessionId(t, alice.token);
    const bobId = await clientSessionId(t, bob.token);
    const summary = page.data.map((r) => [
      r.token,
      r.outcome,
      r.end_user_id,
      r.credential_kind,
      r.credential_id,
      r.client_ip,
      r.grant_id,
    ]);
    expect(summary.slice(0, 2)).toEqual([
      [made.card, 'forbidden', bob.endUser, 'client_session', bobId, '127.0.0.1', revokedGrant],
      [made.iban, 'revealed', null, 'secret', secretId, '127.0.0.1', usedGrant],
    ]);
    const older = (rows: unknown[][]) => [...rows].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(older(summary.slice(2, 4))).toEqual(
      older([
        [made.email, 'forbidden', bob.endUser, 'client_session', bobId, '198.51.100.20', null],
        ['zzzzzzzz', 'not_found', bob.endUser, 'client_session', bobId, '198.51.100.20', null],
      ]),
    );
    expect(older(summary.slice(4))).toEqual(
      older([
        [made.email, 'revealed', alice.endUser, 'client_session', aliceId, '127.0.0.1', null],
        [made.phone, 'revealed', alice.endUser, 'client_session', aliceId, '127.0.0.1', null],
      ]),
    );
    expect(new Set(page.data.map((r) => r.attempt_id)).size).toBe(4);
  });

  it('filters by outcome, end user, token, grant and time', async () => {
    const tokensOf = (page: Page<RevealItem>) => page.data.map((r) => `${r.token}:${r.outcome}`).sort();
    expect(tokensOf(await reveals('?outcome=forbidden'))).toEqual(
      [`${made.card}:forbidden`, `${made.email}:forbidden`].sort(),
    );
    expect(tokensOf(await reveals('?outcome=not_found'))).toEqual(['zzzzzzzz:not_found']);
    expect(tokensOf(await reveals('?outcome=purged'))).toEqual([]);
    expect(tokensOf(await reveals(`?end_user_id=${encodeURIComponent(alice.endUser)}`))).toEqual(
      [`${made.email}:revealed`, `${made.phone}:revealed`].sort(),
    );
    expect(tokensOf(await reveals(`?token=${made.email}`))).toEqual([
      `${made.email}:forbidden`,
      `${made.email}:revealed`,
    ]);
    expect(tokensOf(await reveals(`?token=${made.email.toUpperCase()}`))).toHaveLength(2);
    expect(tokensOf(await reveals(`?grant_id=${usedGrant}`))).toEqual([`${made.iban}:revealed`]);
    expect(tokensOf(await reveals(`?grant_id=${revokedGrant}&outcome=forbidden`))).toEqual([
      `${made.card}:forbidden`,
    ]);
    const from = await reveals(`?from=${encodeURIComponent(midpoint)}`);
    expect(tokensOf(from)).toEqual([`${made.card}:forbidden`, `${made.iban}:revealed`].sort());
    const to = await reveals(`?to=${encodeURIComponent(midpoint)}`);
    expect(to.data).toHaveLength(4);
    expect(
      (await reveals(`?from=${encodeURIComponent(midpoint)}&to=${encodeURIComponent(midpoint)}`)).data,
    ).toEqual([]);
    expect(
      (await reveals(`?end_user_id=${encodeURIComponent(bob.endUser)}&to=${encodeURIComponent(midpoint)}`))
        .data,
    ).toHaveLength(2);
  });

  it('pages with limit and cursor, each row exactly once', async () => {
    const all = (await reveals()).data;
    const seen: RevealItem[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<RevealItem> = await reveals(`?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      sizes.push(page.data.length);
      seen.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([4, 2]);
    expect(seen).toEqual(all);
    const twos: RevealItem[] = [];
    cursor = null;
    do {
      const page: Page<RevealItem> = await reveals(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      twos.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    expect(twos).toEqual(all);
  });

  it('refuses bad queries with 400, unknown tenants with 404, and callers without the admin token with 401', async () => {
    for (const query of [
      '?outcome=peeked',
      '?limit=0',
      '?limit=501',
      '?cursor=garbage',
      '?from=yesterday',
      '?to=2024-01-01',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/admin/api/tenants/${tenant}/reveals${query}`,
        headers: adminHeaders,
      });
      expect(res.statusCode, query).toBe(400);
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/admin/api/tenants/ten_nope/reveals',
      headers: adminHeaders,
    });
    expect(unknown.statusCode).toBe(404);
    const noAdmin = await t.app.inject({
      method: 'GET',
      url: `/admin/api/tenants/${tenant}/reveals`,
      headers: { authorization: `Bearer ${'x'.repeat(32)}` },
    });
    expect(noAdmin.statusCode).toBe(401);
    const other = await createTenant(t.app, 'Other');
    expect((await admin<Page<RevealItem>>(`/tenants/${other}/reveals`)).data).toEqual([]);
  });
});

describe('GET /admin/api/tenants/{t}/reveal-grants', () => {
  it('lists grants newest first with their state', async () => {
    const page = await admin<Page<Record<string, unknown>>>(`/tenants/${tenant}/reveal-grants`);
    expect(page.data.map((g) => [g.id, g.state])).toEqual([
      [expiredGrant, 'expired'],
      [revokedGrant, 'revoked'],
      [usedGrant, 'active'],
    ]);
    expect(page.data[1]).toEqual({
      id: revokedGrant,
      state: 'revoked',
      subject_end_user_id: alice.endUser,
      tokens: [],
      grantee_end_user_id: bob.endUser,
      reason: null,
      created_by_key_id: secretId,
      created_at: expect.stringMatching(/\+00:00$/),
      expires_at: expect.stringMatching(/\+00:00$/),
      revoked_at: expect.stringMatching(/\+00:00$/),
    });
    expect(page.data[2]).toMatchObject({ tokens: [made.iban], reason: 'audit', revoked_at: null });
    const first = await admin<Page<Record<string, unknown>>>(`/tenants/${tenant}/reveal-grants?limit=2`);
    expect(first.data).toHaveLength(2);
    const rest = await admin<Page<Record<string, unknown>>>(
      `/tenants/${tenant}/reveal-grants?limit=2&cursor=${first.next_cursor}`,
    );
    expect(rest.data.map((g) => g.id)).toEqual([usedGrant]);
    expect(rest.next_cursor).toBeNull();
  });
});

describe('GET /admin/api/tenants/{t}/audit and /usage', () => {
  it('audit rows carry type, label, score and time only, from tokenize and detect', async () => {
    const page = await admin<Page<Record<string, unknown>>>(`/tenants/${tenant}/audit?limit=500`);
    expect(page.data).toHaveLength(12);
    for (const row of page.data) {
      expect(Object.keys(row).sort()).toEqual([
        'created_at',
        'entity_type',
        'event_id',
        'label',
        'score',
        'source',
      ]);
      expect(row.score).toBeGreaterThan(0);
    }
    const count = (source: string) => page.data.filter((r) => r.source === source).length;
    expect([count('tokenize'), count('detect')]).toEqual([8, 4]);
    expect(page.data.filter((r) => r.entity_type === 'EMAIL_ADDRESS').every((r) => r.label === 'EMAIL')).toBe(
      true,
    );
    const serialized = JSON.stringify(page);
    for (const value of Object.values(VALUES)) expect(serialized).not.toContain(value);
    expect(serialized).not.toContain('m**');

    const detects = await admin<Page<Record<string, unknown>>>(`/tenants/${tenant}/audit?source=detect`);
    expect(detects.data.map((r) => r.entity_type).sort()).toEqual([
      'CREDIT_CARD',
      'EMAIL_ADDRESS',
      'IBAN_CODE',
      'PHONE_NUMBER',
    ]);
    const emails = await admin<Page<Record<string, unknown>>>(
      `/tenants/${tenant}/audit?entity_type=EMAIL_ADDRESS`,
    );
    expect(emails.data).toHaveLength(3);
    const paged = await admin<Page<Record<string, unknown>>>(`/tenants/${tenant}/audit?limit=5`);
    expect(paged.data).toHaveLength(5);
    expect(paged.next_cursor).not.toBeNull();
  });

  it('usage counts characters and tokens created per day and kind; detect is not metered', async () => {
    const usage = await admin<{ data: Record<string, unknown>[]; next_cursor: null }>(
      `/tenants/${tenant}/usage`,
    );
    expect(usage).toEqual({
      data: [
        {
          day: new Date().toISOString().slice(0, 10),
          kind: 'tokenize',
          events: 2,
          characters: tokenizedCharacters[0]! + tokenizedCharacters[1]!,
          tokens_created: 4,
          input_tokens: 0,
          output_tokens: 0,
        },
      ],
      next_cursor: null,
    });
    const future = encodeURIComponent(isoWithOffset(new Date(Date.now() + 3_600_000)));
    expect((await admin<{ data: unknown[] }>(`/tenants/${tenant}/usage?from=${future}`)).data).toEqual([]);
  });
});
