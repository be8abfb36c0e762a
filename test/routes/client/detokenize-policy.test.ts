import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { TestApp } from '../../helpers/test-app.js';
import { createKey, createTenant, mintClientSession } from '../../helpers/fixtures.js';
import { SCOPES } from '../../../src/credentials/scopes.js';
import {
  apiKeyId,
  clientOf,
  clientSessionId,
  drainQueues,
  revealRows,
  startClientApi,
  statuses,
  tokenizeValues,
  VALUES,
  type Client,
  type DetokenizeResponse,
  type ClientApiFixture,
  endUserSession,
} from './client-api.js';

const ORIGIN = 'https://app.shop.example';

let t: TestApp;
let api: ClientApiFixture;
let tenant: string;
let secretKey: string;
let secret: Client;
let revealsAny: Client;
let publishable: Client;

beforeAll(async () => {
  api = await startClientApi('Reveal policy');
  ({ t, tenant, secretKey, secret } = api);
  revealsAny = clientOf(t, (await createKey(t.app, tenant, { kind: 'secret', scopes: [...SCOPES] })).key);
  const pub = await createKey(t.app, tenant, { kind: 'publishable', allowed_origins: [ORIGIN] });
  publishable = clientOf(t, pub.key, { origin: ORIGIN });
});
afterAll(async () => {
  await api?.close();
});

describe('each rule of SPEC 5.4 alone', () => {
  it('rule 1: the end user who created a token reveals it from any session of theirs, naming no session', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const made = await tokenizeValues(alice.client);
    const laterSession = clientOf(
      t,
      (await mintClientSession(t.app, secretKey, { end_user_id: alice.endUser })).token,
    );
    const res = await laterSession.revealed({ tokens: [made.email, made.card] });
    expect(res.tokens).toEqual({
      [made.email]: { status: 'revealed', plaintext: VALUES.email },
      [made.card]: { status: 'revealed', plaintext: VALUES.card },
    });
    // Rule 1 also holds when the token sits in a session she does not name or own.
    const other = await alice.client.tokenized(['nothing']);
    const viaOther = await alice.client.revealed({ tokens: [made.iban], session_id: other.session_id });
    expect(statuses(viaOther)).toEqual({ [made.iban]: 'revealed' });
  });

  it('rule 2: tokens of a named session that has no owner, for any caller', async () => {
    const made = await tokenizeValues(secret);
    const bob = await endUserSession(t, secretKey, 'bob');
    expect(statuses(await secret.revealed({ tokens: [made.email], session_id: made.session }))).toEqual({
      [made.email]: 'revealed',
    });
    expect(statuses(await secret.revealed({ tokens: [made.email] }))).toEqual({ [made.email]: 'forbidden' });
    expect(statuses(await bob.client.revealed({ tokens: [made.phone], session_id: made.session }))).toEqual({
      [made.phone]: 'revealed',
    });
    expect(statuses(await publishable.revealed({ tokens: [made.iban], session_id: made.session }))).toEqual({
      [made.iban]: 'revealed',
    });
    // Naming a session reaches only that session's tokens.
    const elsewhere = await tokenizeValues(secret);
    expect(statuses(await secret.revealed({ tokens: [elsewhere.card], session_id: made.session }))).toEqual({
      [elsewhere.card]: 'forbidden',
    });
  });

  it('rule 2: the owner of a session reveals tokens in it that someone else created', async () => {
    const carol = await endUserSession(t, secretKey, 'carol');
    const early = await tokenizeValues(secret); // created by no one, in a session nobody owns yet
    await carol.client.tokenized(['claiming it'], { session_id: early.session });
    expect(statuses(await carol.client.revealed({ tokens: [early.email] }))).toEqual({
      [early.email]: 'forbidden',
    });
    const res = await carol.client.revealed({ tokens: [early.email], session_id: early.session });
    expect(res.tokens[early.email]).toEqual({ status: 'revealed', plaintext: VALUES.email });
    // Once owned, the session no longer opens its tokens to callers without an end user.
    expect(statuses(await secret.revealed({ tokens: [early.email], session_id: early.session }))).toEqual({
      [early.email]: 'forbidden',
    });
  });

  it('rule 3: a grant covering the token', async () => {
    const dan = await endUserSession(t, secretKey, 'dan');
    const made = await tokenizeValues(dan.client);
    expect(statuses(await secret.revealed({ tokens: [made.phone] }))).toEqual({ [made.phone]: 'forbidden' });
    const grant = await secret.createGrant({ tokens: [made.phone] });
    const res = await secret.revealed({ tokens: [made.phone, made.email], grant_id: grant.id });
    expect(statuses(res)).toEqual({ [made.phone]: 'revealed', [made.email]: 'forbidden' });
    expect(res.tokens[made.phone]!.plaintext).toBe(VALUES.phone);
  });

  it('rule 4: a key with detokenize:any reveals every token of its tenant, naming nothing', async () => {
    const erin = await endUserSession(t, secretKey, 'erin');
    const owned = await tokenizeValues(erin.client);
    const unowned = await tokenizeValues(secret);
    const ids = [owned.email, owned.card, unowned.iban];
    const res = await revealsAny.revealed({ tokens: ids });
    expect(res.tokens).toEqual({
      [owned.email]: { status: 'revealed', plaintext: VALUES.email },
      [owned.card]: { status: 'revealed', plaintext: VALUES.card },
      [unowned.iban]: { status: 'revealed', plaintext: VALUES.iban },
    });
    // Still only its own tenant.
    const other = await createTenant(t.app, 'Other');
    const otherAny = clientOf(
      t,
      (await createKey(t.app, other, { kind: 'secret', scopes: [...SCOPES] })).key,
    );
    expect(statuses(await otherAny.revealed({ tokens: ids }))).toEqual(
      Object.fromEntries(ids.map((id) => [id, 'not_found'])),
    );
  });

  it('no rule: forbidden, with 200', async () => {
    const fay = await endUserSession(t, secretKey, 'fay');
    const gus = await endUserSession(t, secretKey, 'gus');
    const made = await tokenizeValues(fay.client);
    const res = await gus.client.detokenize({ tokens: [made.email, made.phone] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tokens: { [made.email]: { status: 'forbidden' }, [made.phone]: { status: 'forbidden' } },
    });
  });
});

describe('rules combined', () => {
  it('rule 1 and rule 2 together, with a partial result', async () => {
    const hal = await endUserSession(t, secretKey, 'hal');
    const ida = await endUserSession(t, secretKey, 'ida');
    const own = await tokenizeValues(hal.client);
    const unowned = await tokenizeValues(secret);
    const foreign = await tokenizeValues(ida.client);
    const res = await hal.client.detokenize({
      tokens: [own.email, unowned.phone, foreign.iban, 'zzzzzzzz'],
      session_id: unowned.session,
    });
    expect(res.statusCode).toBe(200);
    expect(statuses(res.json())).toEqual({
      [own.email]: 'revealed',
      [unowned.phone]: 'revealed',
      [foreign.iban]: 'forbidden',
      zzzzzzzz: 'not_found',
    });
  });

  it('a grant adds to what rules 1 and 2 give', async () => {
    const jon = await endUserSession(t, secretKey, 'jon');
    const kim = await endUserSession(t, secretKey, 'kim');
    const own = await tokenizeValues(jon.client);
    const kims = await tokenizeValues(kim.client);
    const grant = await secret.createGrant({ tokens: [kims.card], grantee_end_user_id: jon.endUser });
    const res = await jon.client.revealed({ tokens: [own.email, kims.card, kims.email], grant_id: grant.id });
    expect(statuses(res)).toEqual({
      [own.email]: 'revealed',
      [kims.card]: 'revealed',
      [kims.email]: 'forbidden',
    });
  });

  it('detokenize:any with a session and a grant still reveals everything', async () => {
    const lea = await endUserSession(t, secretKey, 'lea');
    const made = await tokenizeValues(lea.client);
    const grant = await secret.createGrant({ subject_end_user_id: 'nobody-at-all' });
    const res = await revealsAny.revealed({
      tokens: [made.email, made.iban],
      session_id: made.session,
      grant_id: grant.id,
    });
    expect(statuses(res)).toEqual({ [made.email]: 'revealed', [made.iban]: 'revealed' });
  });
});

describe('who the caller is', () => {
  it('another end user with a stolen session id sees forbidden, with 200', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const mallory = await endUserSession(t, secretKey, 'mallory');
    const made = await tokenizeValues(alice.client);
    const res = await mallory.client.detokenize({
      tokens: [made.email, made.phone, made.iban, made.card],
      session_id: made.session,
    });
    expect(res.statusCode).toBe(200);
    expect(Object.values(statuses(res.json()))).toEqual(['forbidden', 'forbidden', 'forbidden', 'forbidden']);
    const viaHeader = await mallory.client.detokenize(
      { tokens: [made.email] },
      { headers: { 'x-service-session-id': made.session } },
    );
    expect(statuses(viaHeader.json())).toEqual({ [made.email]: 'forbidden' });
  });

  it('callers with no end user cannot open an owned session (secret and publishable keys)', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const made = await tokenizeValues(alice.client);
    for (const caller of [secret, publishable]) {
      const res = await caller.revealed({ tokens: [made.email], session_id: made.session });
      expect(statuses(res)).toEqual({ [made.email]: 'forbidden' });
    }
  });

  it('a secret key naming an end user on detokenize → 400', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const made = await tokenizeValues(alice.client);
    const res = await secret.detokenize({ tokens: [made.email], end_user_id: alice.endUser });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
    expect(res.json().error.message).toMatch(/end_user_id/);
  });

  it('a client session cannot act as another end user, whatever the body says', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const mallory = await endUserSession(t, secretKey, 'mallory');
    const made = await tokenizeValues(alice.client);
    const res = await mallory.client.detokenize({
      tokens: [made.email],
      end_user_id: alice.endUser,
      session_id: made.session,
    });
    expect(res.statusCode).toBe(200);
    expect(statuses(res.json())).toEqual({ [made.email]: 'forbidden' });
    // And the end user's own session keeps its own identity even when the body names someone else.
    const own = await alice.client.revealed({ tokens: [made.email], end_user_id: mallory.endUser });
    expect(statuses(own)).toEqual({ [made.email]: 'revealed' });
  });

  it('a client session minted without detokenize:own → 403, even for its own tokens', async () => {
    const res = await secret.send('POST', '/v1/client-sessions', {
      end_user_id: 'narrow-user',
      scopes: ['tokenize'],
    });
    const narrow = clientOf(t, res.json<{ token: string }>().token);
    const made = await tokenizeValues(narrow);
    const refused = await narrow.detokenize({ tokens: [made.email] });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-service-error-code']).toBe('forbidden');
    expect(refused.body).not.toContain(VALUES.email);
  });

  it('a publishable key from an unlisted origin gets 403 before anything is revealed', async () => {
    const made = await tokenizeValues(secret);
    const res = await publishable.detokenize(
      { tokens: [made.email], session_id: made.session },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(VALUES.email);
  });
});

describe('the detokenize request and answer', () => {
  it('accepts ids and [LABEL: id] token text, in any case; answers by lower-case id', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const made = await tokenizeValues(alice.client);
    const res = await alice.client.revealed({
      tokens: [`[EMAIL: ${made.email}]`, made.phone.toUpperCase(), `[card:${made.card}]`, ` ${made.iban} `],
    });
    expect(res.tokens).toEqual({
      [made.email]: { status: 'revealed', plaintext: VALUES.email },
      [made.phone]: { status: 'revealed', plaintext: VALUES.phone },
      [made.card]: { status: 'revealed', plaintext: VALUES.card },
      [made.iban]: { status: 'revealed', plaintext: VALUES.iban },
    });
  });

  it('restores revealed tokens in text and leaves refused ones as they were; text tokens join the map', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const bob = await endUserSession(t, secretKey, 'bob');
    const mine = await tokenizeValues(alice.client);
    const bobs = await tokenizeValues(bob.client);
    const text = `Mail [EMAIL: ${mine.email}], pay [IBAN:  ${mine.iban.toUpperCase()}], not [PHONE: ${bobs.phone}] nor [NAME: qqqqqqqq].`;
    const res = await alice.client.revealed({ text, tokens: [mine.card] });
    expect(res.text).toBe(
      `Mail ${VALUES.email}, pay ${VALUES.iban}, not [PHONE: ${bobs.phone}] nor [NAME: qqqqqqqq].`,
    );
    expect(statuses(res)).toEqual({
      [mine.card]: 'revealed',
      [mine.email]: 'revealed',
      [mine.iban]: 'revealed',
      [bobs.phone]: 'forbidden',
      qqqqqqqq: 'not_found',
    });
    expect(res.tokens[bobs.phone]).toEqual({ status: 'forbidden' });
    // Without `text` in the request there is no `text` in the answer.
    expect(Object.keys(await alice.client.revealed({ tokens: [mine.card] }))).toEqual(['tokens']);
  });

  it('answers malformed ids not_found under the id as sent', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const res = await alice.client.revealed({
      tokens: ['nope', 'abc!defg', '[EMAIL: short]', '123456789', 'zzzzzzzz'],
    });
    expect(res.tokens).toEqual({
      nope: { status: 'not_found' },
      'abc!defg': { status: 'not_found' },
      '[EMAIL: short]': { status: 'not_found' },
      '123456789': { status: 'not_found' },
      zzzzzzzz: { status: 'not_found' },
    });
  });

  it('accepts grant_id null and an empty request', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const made = await tokenizeValues(alice.client);
    expect(statuses(await alice.client.revealed({ tokens: [made.email], grant_id: null }))).toEqual({
      [made.email]: 'revealed',
    });
    expect(await alice.client.revealed({})).toEqual({ tokens: {} });
    expect(await alice.client.revealed({ text: 'no tokens here' })).toEqual({
      tokens: {},
      text: 'no tokens here',
    });
  });

  it('rejects bad bodies and unknown sessions with 400', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const made = await tokenizeValues(alice.client);
    for (const payload of [{ tokens: made.email }, { tokens: [1] }, { text: 5 }, { tokens: [], extra: 1 }]) {
      const res = await alice.client.detokenize(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    }
    const unknown = await alice.client.detokenize({
      tokens: [made.email],
      session_id: 'ses_' + 'x'.repeat(24),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers['x-service-error-code']).toBe('invalid_session_id');
    const conflict = await alice.client.detokenize(
      { tokens: [made.email], session_id: made.session },
      { headers: { 'x-service-session-id': (await alice.client.tokenized(['x'])).session_id } },
    );
    expect(conflict.statusCode).toBe(400);
  });

  it('orders statuses not_found → forbidden → purged → revealed: a refused purged token says forbidden', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const bob = await endUserSession(t, secretKey, 'bob');
    const made = await tokenizeValues(alice.client);
    const del = await secret.send('DELETE', `/v1/tokens/${made.email}`);
    expect(del.statusCode).toBe(200);
    expect(statuses(await bob.client.revealed({ tokens: [made.email, made.phone] }))).toEqual({
      [made.email]: 'forbidden',
      [made.phone]: 'forbidden',
    });
    expect(await alice.client.revealed({ tokens: [made.email, made.phone] })).toEqual({
      tokens: {
        [made.email]: { status: 'purged' },
        [made.phone]: { status: 'revealed', plaintext: VALUES.phone },
      },
    });
    expect(statuses(await revealsAny.revealed({ tokens: [made.email] }))).toEqual({ [made.email]: 'purged' });
    // The same answers with a cold cache (Postgres is the record).
    await t.services.redis.del(`${t.config.SERVICE_REDIS_PREFIX}:tok:${tenant}:${made.email}`);
    expect(statuses(await bob.client.revealed({ tokens: [made.email] }))).toEqual({
      [made.email]: 'forbidden',
    });
    expect(statuses(await alice.client.revealed({ tokens: [made.email] }))).toEqual({
      [made.email]: 'purged',
    });
  });

  it('counts at most 500 distinct ids across tokens and text (413 beyond)', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const ids = Array.from({ length: 600 }, (_, i) => `zz${String(i).padStart(6, '0')}`);
    const tooMany = await alice.client.detokenize({ tokens: ids.slice(0, 501) });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.headers['x-service-error-code']).toBe('payload_too_large');
    const split = await alice.client.detokenize({
      tokens: ids.slice(0, 300),
      text: ids
        .slice(300, 501)
        .map((id) => `[NAME: ${id}]`)
        .join(' '),
    });
    expect(split.statusCode).toBe(413);
    // Overlap between the two counts once: 300 + 250 mentions, 500 distinct ids.
    const overlapping = await alice.client.detokenize({
      tokens: ids.slice(0, 300),
      text: ids
        .slice(250, 500)
        .map((id) => `[NAME: ${id}]`)
        .join(' '),
    });
    expect(overlapping.statusCode).toBe(200);
    expect(Object.keys(overlapping.json<DetokenizeResponse>().tokens)).toHaveLength(500);
  });
});

describe('the reveal log', () => {
  it('has exactly one row per token per attempt, refusals included, with who, how, where and which grant', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const bob = await endUserSession(t, secretKey, 'bob');
    const made = await tokenizeValues(alice.client);
    const aliceSessionId = await clientSessionId(t, alice.token);
    const bobSessionId = await clientSessionId(t, bob.token);
    const secretId = await apiKeyId(t, secretKey);

    // An unknown id no other test uses, so the rows below are exactly this test's.
    const unknown = `q${randomBytes(4).toString('hex').slice(0, 7)}`;
    await alice.client.revealed(
      { tokens: [made.email, made.phone, unknown] },
      { remoteAddress: '203.0.113.7' },
    );
    await bob.client.revealed(
      { tokens: [made.email], text: `[PHONE: ${made.phone}]` },
      { remoteAddress: '198.51.100.9' },
    );
    const grant = await secret.createGrant({ tokens: [made.iban] });
    await secret.revealed({ tokens: [made.iban, made.card], grant_id: grant.id });
    await alice.client.revealed({ tokens: [made.email] });
    await drainQueues(t);

    const rows = await revealRows(t, tenant, [made.email, made.phone, made.iban, made.card, unknown]);
    const byAttempt = new Map<string, typeof rows>();
    for (const r of rows) byAttempt.set(r.attempt_id, [...(byAttempt.get(r.attempt_id) ?? []), r]);
    const attempts = [...byAttempt.values()].map((list) =>
      list.map((r) => [
        r.token_id,
        r.outcome,
        r.end_user_id,
        r.credential_kind,
        r.credential_id,
        r.client_ip,
        r.grant_id,
      ]),
    );
    // Rows sorted within an attempt, attempts sorted as a whole: two attempts may share a millisecond.
    const sort = (a: unknown[][]) => [...a].sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    const canonical = (list: unknown[][][]) =>
      list.map(sort).sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
    expect(canonical(attempts)).toEqual(
      canonical([
        [
          [made.email, 'revealed', alice.endUser, 'client_session', aliceSessionId, '203.0.113.7', null],
          [made.phone, 'revealed', alice.endUser, 'client_session', aliceSessionId, '203.0.113.7', null],
          [unknown, 'not_found', alice.endUser, 'client_session', aliceSessionId, '203.0.113.7', null],
        ],
        [
          [made.email, 'forbidden', bob.endUser, 'client_session', bobSessionId, '198.51.100.9', null],
          [made.phone, 'forbidden', bob.endUser, 'client_session', bobSessionId, '198.51.100.9', null],
        ],
        [
          [made.iban, 'revealed', null, 'secret', secretId, '127.0.0.1', grant.id],
          [made.card, 'forbidden', null, 'secret', secretId, '127.0.0.1', grant.id],
        ],
        [[made.email, 'revealed', alice.endUser, 'client_session', aliceSessionId, '127.0.0.1', null]],
      ]),
    );
  });

  it('logs malformed ids under a hash, never as sent', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const raw = `not-a-token-${Math.random().toString(36).slice(2)}`;
    await alice.client.revealed({ tokens: [raw] });
    await drainQueues(t);
    const { rows } = await t.services.db.query<{ token_id: string; outcome: string }>(
      `SELECT token_id, outcome FROM reveal_log WHERE tenant_id = $1 AND end_user_id = $2`,
      [tenant, alice.endUser],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_id).toMatch(/^invalid:[0-9a-f]{16}$/);
    expect(rows[0]!.outcome).toBe('not_found');
    expect(JSON.stringify(rows)).not.toContain(raw);
  });
});
