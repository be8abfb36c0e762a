import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/test-app.js';
import { createKey, createTenant } from '../../helpers/fixtures.js';
import {
  clientOf,
  drainQueues,
  startClientApi,
  tokenCount,
  tokenOf,
  VALUES,
  type Client,
  type ClientApiFixture,
  type TokenizeResponse,
  endUserSession,
} from './client-api.js';

const ORIGIN = 'https://app.shop.example';

let t: TestApp;
let api: ClientApiFixture;
let tenant: string;
let secretKey: string;
let secret: Client;
let publishable: Client;

async function sessionOwner(sessionId: string): Promise<string | null> {
  const { rows } = await t.services.db.query<{ owner_end_user_id: string | null }>(
    `SELECT owner_end_user_id FROM sessions WHERE tenant_id = $1 AND id = $2`,
    [tenant, sessionId],
  );
  return rows[0]!.owner_end_user_id;
}

async function createdBy(tokenIds: string[]): Promise<(string | null)[]> {
  const { rows } = await t.services.db.query<{ id: string; created_by_end_user: string | null }>(
    `SELECT id, created_by_end_user FROM tokens WHERE tenant_id = $1 AND id = ANY($2::text[])`,
    [tenant, tokenIds],
  );
  return tokenIds.map((id) => rows.find((r) => r.id === id)!.created_by_end_user);
}

beforeAll(async () => {
  api = await startClientApi('Tokenize');
  ({ t, tenant, secretKey, secret } = api);
  const pub = await createKey(t.app, tenant, {
    kind: 'publishable',
    allowed_origins: ['https://*.shop.example'],
  });
  publishable = clientOf(t, pub.key, { origin: ORIGIN });
});
afterAll(async () => {
  await api?.close();
});

describe('POST /v1/client/tokenize: the response', () => {
  it('has exactly the SPEC fields, entities with exact offsets, and the service headers', async () => {
    const { client } = await endUserSession(t, secretKey, 'alice');
    const text = `Write to ${VALUES.email} or call ${VALUES.phone} today.`;
    const res = await client.tokenize(
      { texts: [text, 'nothing personal here'] },
      { headers: { origin: ORIGIN } },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<TokenizeResponse>();
    expect(Object.keys(body).sort()).toEqual(['entities', 'entity_count', 'session_id', 'texts', 'tokens']);
    expect(body.session_id).toMatch(/^ses_[0-9A-Za-z]{24}$/);
    expect(body.entity_count).toBe(2);
    expect(body.entities).toHaveLength(2);

    const email = tokenOf(body, VALUES.email);
    const phone = tokenOf(body, VALUES.phone);
    for (const id of [email, phone]) expect(id).toMatch(/^[a-z0-9]{8}$/);
    expect(email).not.toBe(phone);
    expect(body.tokens).toEqual({ [email]: VALUES.email, [phone]: VALUES.phone });
    expect(body.texts).toEqual([
      `Write to [EMAIL: ${email}] or call [PHONE: ${phone}] today.`,
      'nothing personal here',
    ]);

    const [first, second] = body.entities;
    for (const entity of body.entities) {
      expect(Object.keys(entity).sort()).toEqual([
        'end',
        'entity_type',
        'label',
        'masked_value',
        'score',
        'start',
        'text_index',
        'token',
      ]);
      expect(entity.score).toBeGreaterThan(0);
      expect(entity.score).toBeLessThanOrEqual(1);
      expect(entity.text_index).toBe(0);
    }
    expect(first).toMatchObject({
      entity_type: 'EMAIL_ADDRESS',
      label: 'EMAIL',
      token: email,
      masked_value: 'm' + '*'.repeat(VALUES.email.length - 1),
      start: text.indexOf(VALUES.email),
      end: text.indexOf(VALUES.email) + VALUES.email.length,
    });
    expect(second).toMatchObject({
      entity_type: 'PHONE_NUMBER',
      label: 'PHONE',
      token: phone,
      masked_value: '+' + '*'.repeat(VALUES.phone.length - 1),
      start: text.indexOf(VALUES.phone),
      end: text.indexOf(VALUES.phone) + VALUES.phone.length,
    });

    expect(res.headers['x-service-session-id']).toBe(body.session_id);
    expect(res.headers['x-service-entity-count']).toBe('2');
    expect(res.headers['x-service-labels']).toBe('EMAIL,PHONE');
    const exposed = String(res.headers['access-control-expose-headers'])
      .toLowerCase()
      .split(/\s*,\s*/);
    for (const header of ['x-service-session-id', 'x-service-entity-count', 'x-service-labels']) {
      expect(exposed).toContain(header);
    }
  });

  it('tokenizes IBANs and cards across several texts with the right text_index', async () => {
    const { client } = await endUserSession(t, secretKey, 'ian');
    const texts = [`IBAN ${VALUES.iban}.`, 'no data', `Card ${VALUES.card} expires soon.`];
    const body = await client.tokenized(texts);
    const iban = tokenOf(body, VALUES.iban);
    const card = tokenOf(body, VALUES.card);
    expect(body.texts).toEqual([`IBAN [IBAN: ${iban}].`, 'no data', `Card [CARD: ${card}] expires soon.`]);
    expect(body.entities.map((e) => [e.entity_type, e.label, e.text_index, e.start, e.end])).toEqual([
      ['IBAN_CODE', 'IBAN', 0, 5, 5 + VALUES.iban.length],
      ['CREDIT_CARD', 'CARD', 2, 5, 5 + VALUES.card.length],
    ]);
  });

  it('keeps one token per value within a session, across calls, and never links sessions', async () => {
    const { client } = await endUserSession(t, secretKey, 'sam');
    const first = await client.tokenized([
      `${VALUES.email} and again ${VALUES.email}`,
      `MARIA.ROSSI@example.com`,
    ]);
    const id = first.entities[0]!.token!;
    // Same value twice in a call and a differently cased spelling: one token, one entry in the map.
    expect(first.texts).toEqual([`[EMAIL: ${id}] and again [EMAIL: ${id}]`, `[EMAIL: ${id}]`]);
    expect(first.entities.map((e) => e.token)).toEqual([id, id, id]);
    expect(Object.keys(first.tokens)).toEqual([id]);

    const again = await client.tokenized([`Reminder: ${VALUES.email}`], { session_id: first.session_id });
    expect(again.session_id).toBe(first.session_id);
    expect(again.texts).toEqual([`Reminder: [EMAIL: ${id}]`]);
    expect(again.tokens).toEqual({ [id]: VALUES.email });

    const elsewhere = await client.tokenized([`Reminder: ${VALUES.email}`]);
    expect(elsewhere.session_id).not.toBe(first.session_id);
    expect(tokenOf(elsewhere, VALUES.email)).not.toBe(id);
  });

  it('leaves existing token text alone: no nesting, no re-tokenizing', async () => {
    const { client } = await endUserSession(t, secretKey, 'tess');
    const first = await client.tokenized([`Mail ${VALUES.email}`]);
    const before = await tokenCount(t, tenant);
    const again = await client.tokenized([first.texts[0]!, '[NAME: abcd1234] wrote [email:  ZZZZ9999]'], {
      session_id: first.session_id,
    });
    expect(again.texts).toEqual([first.texts[0], '[NAME: abcd1234] wrote [email:  ZZZZ9999]']);
    expect(again.entities).toEqual([]);
    expect(again.entity_count).toBe(0);
    expect(again.tokens).toEqual({});
    expect(await tokenCount(t, tenant)).toBe(before);

    // A new value next to token text is still found, with offsets in the original text.
    const text = `${first.texts[0]} and ${VALUES.phone}`;
    const mixed = await client.tokenized([text], { session_id: first.session_id });
    const phone = tokenOf(mixed, VALUES.phone);
    expect(mixed.texts).toEqual([`${first.texts[0]} and [PHONE: ${phone}]`]);
    expect(mixed.entities).toHaveLength(1);
    expect(mixed.entities[0]!.start).toBe(text.indexOf(VALUES.phone));
  });

  it('answers empty input with empty output', async () => {
    const { client } = await endUserSession(t, secretKey, 'emma');
    const none = await client.tokenized([]);
    expect(none).toMatchObject({ texts: [], entities: [], tokens: {}, entity_count: 0 });
    expect(none.session_id).toMatch(/^ses_/);
    const blanks = await client.tokenized(['', '   ', 'hello']);
    expect(blanks).toMatchObject({ texts: ['', '   ', 'hello'], entities: [], tokens: {}, entity_count: 0 });
    const res = await client.tokenize({ texts: [''] });
    expect(res.headers['x-service-entity-count']).toBe('0');
    expect(res.headers['x-service-labels']).toBe('');
  });

  it('counts offsets in UTF-16 code units (an emoji before an entity counts two)', async () => {
    const { client } = await endUserSession(t, secretKey, 'uma');
    const text = `😀👍🏽 café — ${VALUES.email}`;
    const body = await client.tokenized([text]);
    const entity = body.entities.find((e) => e.entity_type === 'EMAIL_ADDRESS')!;
    expect(entity.start).toBe(text.indexOf(VALUES.email));
    expect(entity.start).toBeGreaterThan(Array.from(text).indexOf('m'));
    expect(entity.end).toBe(text.length);
    expect(text.slice(entity.start, entity.end)).toBe(VALUES.email);
    expect(body.texts[0]!.startsWith('😀👍🏽 ')).toBe(true);
    expect(body.texts[0]!.endsWith(` — [EMAIL: ${entity.token}]`)).toBe(true);
  });

  it('refuses bodies that are not the schema with 400 and never echoes values', async () => {
    const { client } = await endUserSession(t, secretKey, 'val');
    for (const payload of [
      {},
      { texts: VALUES.email },
      { texts: [VALUES.email, 42] },
      { texts: ['x'], session_id: '' },
    ]) {
      const res = await client.tokenize(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
      expect(res.body).not.toContain('maria');
    }
  });
});

describe('sessions on tokenize', () => {
  it('takes the session from the body or the X-Service-Session-Id header; both and different → 400', async () => {
    const { client } = await endUserSession(t, secretKey, 'hana');
    const first = await client.tokenized([VALUES.email]);
    const id = tokenOf(first, VALUES.email);
    const viaHeader = await client.tokenize(
      { texts: [VALUES.email] },
      { headers: { 'x-service-session-id': first.session_id } },
    );
    expect(viaHeader.statusCode).toBe(200);
    expect(viaHeader.json<TokenizeResponse>().session_id).toBe(first.session_id);
    expect(viaHeader.json<TokenizeResponse>().tokens).toEqual({ [id]: VALUES.email });
    expect(viaHeader.headers['x-service-session-id']).toBe(first.session_id);

    const both = await client.tokenize(
      { texts: [VALUES.email], session_id: first.session_id },
      { headers: { 'x-service-session-id': first.session_id } },
    );
    expect(both.statusCode).toBe(200);

    const other = await client.tokenized(['x']);
    const before = await tokenCount(t, tenant);
    const conflict = await client.tokenize(
      { texts: [VALUES.phone], session_id: first.session_id },
      { headers: { 'x-service-session-id': other.session_id } },
    );
    expect(conflict.statusCode).toBe(400);
    expect(conflict.json().error.code).toBe('invalid_request');
    expect(await tokenCount(t, tenant)).toBe(before);
  });

  it('refuses session ids this tenant never minted with 400 invalid_session_id', async () => {
    const { client } = await endUserSession(t, secretKey, 'ivan');
    const otherTenant = await createTenant(t.app, 'Other');
    const otherSecret = clientOf(t, (await createKey(t.app, otherTenant, { kind: 'secret' })).key);
    const foreign = await otherSecret.tokenized(['hello']);
    const before = await tokenCount(t, tenant);
    for (const sessionId of ['ses_' + 'A'.repeat(24), 'conversation-1', foreign.session_id]) {
      for (const where of ['body', 'header'] as const) {
        const res =
          where === 'body'
            ? await client.tokenize({ texts: [VALUES.email], session_id: sessionId })
            : await client.tokenize(
                { texts: [VALUES.email] },
                { headers: { 'x-service-session-id': sessionId } },
              );
        expect(res.statusCode, `${sessionId} in ${where}`).toBe(400);
        expect(res.headers['x-service-error-code']).toBe('invalid_session_id');
      }
    }
    expect(await tokenCount(t, tenant)).toBe(before);
  });

  it('gives the session to the first end user; another end user gets 403 session_owned', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const bob = await endUserSession(t, secretKey, 'bob');
    const first = await alice.client.tokenized([VALUES.email]);
    expect(await sessionOwner(first.session_id)).toBe(alice.endUser);

    const before = await tokenCount(t, tenant);
    const planted = await bob.client.tokenize({ texts: [VALUES.iban], session_id: first.session_id });
    expect(planted.statusCode).toBe(403);
    expect(planted.headers['x-service-error-code']).toBe('session_owned');
    // A secret key naming another end user is refused the same way.
    const asBob = await secret.tokenize({
      texts: [VALUES.iban],
      session_id: first.session_id,
      end_user_id: bob.endUser,
    });
    expect(asBob.statusCode).toBe(403);
    expect(asBob.headers['x-service-error-code']).toBe('session_owned');
    expect(await tokenCount(t, tenant)).toBe(before);
    expect(await sessionOwner(first.session_id)).toBe(alice.endUser);
  });

  it('lets a secret key without end_user_id add to an owned session, attributing the tokens to the owner', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const first = await alice.client.tokenized([VALUES.email]);
    const added = await secret.tokenized([VALUES.card], { session_id: first.session_id });
    const card = tokenOf(added, VALUES.card);
    expect(await createdBy([card])).toEqual([alice.endUser]);
    // The same key naming the owner explicitly is fine too.
    const named = await secret.tokenized([VALUES.iban], {
      session_id: first.session_id,
      end_user_id: alice.endUser,
    });
    expect(await createdBy([tokenOf(named, VALUES.iban)])).toEqual([alice.endUser]);
  });

  it('a client session ignores end_user_id in the body', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const bob = await endUserSession(t, secretKey, 'bob');
    const bobs = await bob.client.tokenized([VALUES.phone]);
    const mine = await alice.client.tokenized([VALUES.email], { end_user_id: bob.endUser });
    expect(await sessionOwner(mine.session_id)).toBe(alice.endUser);
    expect(await createdBy([tokenOf(mine, VALUES.email)])).toEqual([alice.endUser]);
    // Claiming to be bob does not open bob's session either.
    const res = await alice.client.tokenize({
      texts: ['x'],
      session_id: bobs.session_id,
      end_user_id: bob.endUser,
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['x-service-error-code']).toBe('session_owned');
  });

  it('a session started without an end user goes to the first end user who tokenizes in it', async () => {
    const carol = await endUserSession(t, secretKey, 'carol');
    const dave = await endUserSession(t, secretKey, 'dave');
    const open = await secret.tokenized([VALUES.phone]);
    expect(await sessionOwner(open.session_id)).toBeNull();
    expect(await createdBy([tokenOf(open, VALUES.phone)])).toEqual([null]);
    await carol.client.tokenized([VALUES.email], { session_id: open.session_id });
    expect(await sessionOwner(open.session_id)).toBe(carol.endUser);
    const late = await dave.client.tokenize({ texts: ['x'], session_id: open.session_id });
    expect(late.statusCode).toBe(403);
  });

  it('a secret key naming an end user owns the session it starts', async () => {
    const body = await secret.tokenized([VALUES.email], { end_user_id: 'server-user-1' });
    expect(await sessionOwner(body.session_id)).toBe('server-user-1');
    expect(await createdBy([tokenOf(body, VALUES.email)])).toEqual(['server-user-1']);
  });
});

describe('publishable keys on tokenize', () => {
  it('tokenize from an allowed origin, with no end user; 403 from anywhere else', async () => {
    const body = await publishable.tokenized([VALUES.email]);
    const id = tokenOf(body, VALUES.email);
    expect(await createdBy([id])).toEqual([null]);
    expect(await sessionOwner(body.session_id)).toBeNull();
    for (const origin of ['https://evil.example', 'https://shop.example']) {
      const res = await publishable.tokenize({ texts: [VALUES.email] }, { headers: { origin } });
      expect(res.statusCode).toBe(403);
      expect(res.headers['x-service-error-code']).toBe('origin_not_allowed');
    }
  });

  it('cannot plant values into an end user’s session (403 session_owned)', async () => {
    const alice = await endUserSession(t, secretKey, 'alice');
    const first = await alice.client.tokenized([VALUES.email]);
    const before = await tokenCount(t, tenant);
    const res = await publishable.tokenize({ texts: [VALUES.card], session_id: first.session_id });
    expect(res.statusCode).toBe(403);
    expect(res.headers['x-service-error-code']).toBe('session_owned');
    expect(await tokenCount(t, tenant)).toBe(before);
  });
});

describe('POST /v1/client/detect', () => {
  async function counts() {
    await drainQueues(t);
    const { rows } = await t.services.db.query<{
      audit: number;
      detect: number;
      usage: number;
      sessions: number;
    }>(
      `SELECT (SELECT count(*)::int FROM audit_entities WHERE tenant_id = $1) AS audit,
              (SELECT count(*)::int FROM audit_entities WHERE tenant_id = $1 AND source = 'detect') AS detect,
              (SELECT count(*)::int FROM usage_events WHERE tenant_id = $1) AS usage,
              (SELECT count(*)::int FROM sessions WHERE tenant_id = $1) AS sessions`,
      [tenant],
    );
    return { ...rows[0]!, tokens: await tokenCount(t, tenant) };
  }

  it('returns entities with token null, stores nothing, is not metered but is audited', async () => {
    const { client } = await endUserSession(t, secretKey, 'dora');
    const before = await counts();
    const text = `Contact ${VALUES.email}, card ${VALUES.card}`;
    const res = await client.detect({ texts: [text] });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      entities: TokenizeResponse['entities'];
      entity_count: number;
      session_id: string | null;
    }>();
    expect(body.entity_count).toBe(2);
    expect(
      body.entities.map((e) => [e.entity_type, e.token, text.slice(e.start, e.end), e.masked_value[0]]),
    ).toEqual([
      ['EMAIL_ADDRESS', null, VALUES.email, 'm'],
      ['CREDIT_CARD', null, VALUES.card, '4'],
    ]);
    expect(JSON.stringify(body)).not.toContain(VALUES.email);
    expect(res.headers['x-service-entity-count']).toBe('2');
    expect(res.headers['x-service-labels']).toBe('CARD,EMAIL');

    const after = await counts();
    expect(after.tokens).toBe(before.tokens);
    expect(after.sessions).toBe(before.sessions);
    expect(after.usage).toBe(before.usage);
    expect(after.detect).toBe(before.detect + 2);
  });

  it('names an existing session without changing it; unknown sessions → 400', async () => {
    const { client, endUser } = await endUserSession(t, secretKey, 'dora');
    const session = await client.tokenized([VALUES.email]);
    const res = await client.detect(
      { texts: [VALUES.phone] },
      { headers: { 'x-service-session-id': session.session_id } },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-service-session-id']).toBe(session.session_id);
    expect(await sessionOwner(session.session_id)).toBe(endUser);
    const unknown = await client.detect({ texts: ['x'], session_id: 'ses_' + 'Q'.repeat(24) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers['x-service-error-code']).toBe('invalid_session_id');
  });
});
