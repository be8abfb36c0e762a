import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createKey, mintClientSession } from '../helpers/fixtures.js';
import { expectNoLeak, PII, startProxyHarness, type ProxyHarness } from './proxy-harness.js';
import { queuedItem } from '../helpers/queued-items.js';

// A browser tokenizes with its end user's client session, its backend calls the model through the
// proxy with that session: whatever the model answers stays tokenized, revealable by that end user.
const MISSED = 'jan.kowalski@example.org';
const TOKEN_TEXT = /\[([A-Z_]+): ([a-z0-9]{8})\]/g;

interface TokenizeResponse {
  texts: string[];
  tokens: Record<string, string>;
  session_id: string;
}
interface DetokenizeResponse {
  tokens: Record<string, { status: string; plaintext?: string }>;
  text?: string;
}

let h: ProxyHarness;
let secretKey: string;

beforeAll(async () => {
  h = await startProxyHarness();
  secretKey = (await createKey(h.t.app, h.tenant, { kind: 'secret' })).key;
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  h.fake.reset();
});

const lastUpstream = () => h.fake.requests[h.fake.requests.length - 1]!;
/** The last user message the provider received. */
const lastUserText = () =>
  (lastUpstream().body as { messages: { role: string; content: string }[] }).messages
    .filter((m) => m.role === 'user')
    .at(-1)!.content;
const idsIn = (text: string) => [...text.matchAll(TOKEN_TEXT)].map((m) => m[2]!);

/** A client session of a fresh end user: its credential, and client API calls made with it. */
async function endUser(name: string) {
  const id = `${name}-${randomBytes(4).toString('hex')}`;
  const { token } = await mintClientSession(h.t.app, secretKey, { end_user_id: id });
  const call = async <T>(url: string, payload: unknown): Promise<T> => {
    const res = await h.t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      payload: payload as object,
    });
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode}: ${res.body}`);
    return res.json<T>();
  };
  return {
    id,
    tokenize: (texts: string[]) => call<TokenizeResponse>('/v1/client/tokenize', { texts }),
    detokenize: (payload: Record<string, unknown>) =>
      call<DetokenizeResponse>('/v1/client/detokenize', payload),
  };
}

async function tokenRow(id: string) {
  const { rows } = await h.t.services.db.query<{ session_id: string; created_by_end_user: string | null }>(
    `SELECT session_id, created_by_end_user FROM tokens WHERE tenant_id = $1 AND id = $2`,
    [h.tenant, id],
  );
  return rows[0];
}

async function sessionOwner(id: string) {
  const { rows } = await h.t.services.db.query<{ owner_end_user_id: string | null }>(
    `SELECT owner_end_user_id FROM sessions WHERE tenant_id = $1 AND id = $2`,
    [h.tenant, id],
  );
  return rows[0]?.owner_end_user_id;
}

describe('a client session’s conversation through the proxy', () => {
  it('tokens-only: the reply keeps token text, a missed value is tokenized for the owner, who can reveal it', async () => {
    const eve = await endUser('eve');
    const tokenized = await eve.tokenize([`Write to ${PII.email}, IBAN ${PII.iban}.`]);
    const session = tokenized.session_id;
    expect(await sessionOwner(session)).toBe(eve.id);
    const known = Object.keys(tokenized.tokens);
    expect(known).toHaveLength(2);

    const prompt = `${tokenized.texts[0]} Copy ${MISSED} too.`;
    const { data, response } = await h
      .openai({ 'x-service-session-id': session, 'x-service-mode': 'tokens-only' })
      .chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: prompt }] })
      .withResponse();
    expect(response.headers.get('x-service-session-id')).toBe(session);
    expectNoLeak(h.upstreamText(), [PII.email, PII.iban, MISSED]);

    // The provider saw the client's tokens as they were, plus one new token for what was missed.
    const sent = (lastUpstream().body as { messages: { role: string; content: string }[] }).messages;
    const userTurn = sent.find((m) => m.role === 'user')!.content;
    expect(userTurn.startsWith(tokenized.texts[0]!)).toBe(true);
    const fresh = idsIn(userTurn).filter((id) => !known.includes(id));
    expect(fresh).toHaveLength(1);
    const missedToken = fresh[0]!;
    expect(userTurn).toContain(`Copy [EMAIL: ${missedToken}] too.`);

    // The echoed reply comes back with every token left in place.
    const reply = data.choices[0]!.message.content!;
    expect(reply).toBe(userTurn);
    expectNoLeak(reply, [PII.email, PII.iban, MISSED]);

    expect(await tokenRow(missedToken)).toEqual({ session_id: session, created_by_end_user: eve.id });
    const revealed = await eve.detokenize({ tokens: [missedToken], text: reply });
    expect(revealed.tokens[missedToken]).toEqual({ status: 'revealed', plaintext: MISSED });
    expect(revealed.text).toBe(`Write to ${PII.email}, IBAN ${PII.iban}. Copy ${MISSED} too.`);

    // Another end user who learns the session id reveals nothing.
    const mallory = await endUser('mallory');
    const refused = await mallory.detokenize({ tokens: [missedToken, ...known], session_id: session });
    expect(Object.values(refused.tokens).map((t) => t.status)).toEqual([
      'forbidden',
      'forbidden',
      'forbidden',
    ]);
  });

  it('tokens-only: streamed tool-use input on the messages endpoint stays tokenized', async () => {
    const eve = await endUser('eve');
    const tokenized = await eve.tokenize([`Send the refund to ${PII.iban}.`]);
    const tokenText = tokenized.texts[0]!.match(TOKEN_TEXT)![0];
    h.fake.script({
      toolCalls: [{ name: 'refund', arguments: { iban: tokenText, note: `for ${tokenText}` } }],
      splitEveryChar: true,
    });
    const message = await h
      .anthropic({ 'x-service-session-id': tokenized.session_id, 'x-service-mode': 'tokens-only' })
      .messages.stream({
        model: 'claude-haiku-4-5',
        max_tokens: 100,
        messages: [{ role: 'user', content: tokenized.texts[0]! }],
      })
      .finalMessage();
    const use = message.content.find((b) => b.type === 'tool_use')!;
    expect(use.type === 'tool_use' && use.input).toEqual({ iban: tokenText, note: `for ${tokenText}` });
    expectNoLeak(h.upstreamText(), [PII.iban]);
  });

  it('normal mode with a session an end user owns: tokens stay in place too, the same ones the client got', async () => {
    const eve = await endUser('eve');
    const tokenized = await eve.tokenize([`Mail ${PII.email}`]);
    const [emailToken] = Object.keys(tokenized.tokens);
    const res = await h.openai({ 'x-service-session-id': tokenized.session_id }).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: `Please mail ${PII.email} today` }],
    });
    // Same session, same value: the proxy reuses the token the client already has.
    expect(res.choices[0]!.message.content).toBe(`Please mail [EMAIL: ${emailToken}] today`);
    expectNoLeak(h.upstreamText(), [PII.email]);
    const revealed = await eve.detokenize({ text: res.choices[0]!.message.content });
    expect(revealed.text).toBe(`Please mail ${PII.email} today`);
  });

  it('normal mode with a session the proxy created (no owner): restored, JSON and stream', async () => {
    const first = await h
      .openai()
      .chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: `Mail ${PII.email}` }],
      })
      .withResponse();
    const session = first.response.headers.get('x-service-session-id')!;
    expect(first.data.choices[0]!.message.content).toBe(`Mail ${PII.email}`);
    expect(await sessionOwner(session)).toBeNull();

    const client = h.openai({ 'x-service-session-id': session });
    const again = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: `Call ${PII.phone} or mail ${PII.email}` }],
    });
    expect(again.choices[0]!.message.content).toBe(`Call ${PII.phone} or mail ${PII.email}`);
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      stream: true,
      messages: [{ role: 'user', content: `Mail ${PII.email}` }],
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe(`Mail ${PII.email}`);
    // Every token the proxy made in this session has no end user.
    const { rows } = await h.t.services.db.query<{ created_by_end_user: string | null }>(
      `SELECT DISTINCT created_by_end_user FROM tokens WHERE tenant_id = $1 AND session_id = $2`,
      [h.tenant, session],
    );
    expect(rows).toEqual([{ created_by_end_user: null }]);
    expectNoLeak(h.upstreamText());
  });

  it('a value tokenized in an earlier turn is tokenized again where detection alone would miss it', async () => {
    const name = 'Oddny Haugtvedt';
    // A context the model misses the name in (guarded, so the test keeps its point if the model changes).
    const missed = `the ${name} file`;
    const detect = await h.t.app.inject({
      method: 'POST',
      url: '/v1/client/detect',
      headers: { authorization: `Bearer ${secretKey}` },
      payload: { texts: [missed] },
    });
    expect(detect.json<{ entities: unknown[] }>().entities).toEqual([]);

    const first = await h
      .openai()
      .chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: `Hello, my name is ${name} and I need help.` }],
      })
      .withResponse();
    const session = first.response.headers.get('x-service-session-id')!;
    const [tokenId] = idsIn(lastUserText());
    expect(tokenId).toMatch(/^[a-z0-9]{8}$/);

    const client = h.openai({ 'x-service-session-id': session });
    const again = await client.chat.completions
      .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: missed }] })
      .withResponse();
    expect(again.data.choices[0]!.message.content).toBe(missed);
    expect(lastUserText()).toBe(`the [NAME: ${tokenId}] file`);
    expect(h.upstreamText()).not.toContain(name);
    // The session's values went to the detection thread only: the call's log job does not hold them.
    const requestId = again.response.headers.get('x-service-request-id')!;
    // The job is queued right after the answer is sent.
    const { item } = await vi.waitFor(() =>
      queuedItem(h.t.services.queues, 'request-log', (e) => e.id === requestId),
    );
    expect(item).toMatchObject({ id: requestId, session_id: session });
    expect(JSON.stringify(item)).not.toContain(name);

    // The client API does the same within a session.
    const tokenized = await h.t.app.inject({
      method: 'POST',
      url: '/v1/client/tokenize',
      headers: { authorization: `Bearer ${secretKey}` },
      payload: { texts: [missed], session_id: session },
    });
    expect(tokenized.json<TokenizeResponse>().texts).toEqual([`the [NAME: ${tokenId}] file`]);
  });

  it('a session id this tenant never minted → 400 invalid_session_id, nothing forwarded', async () => {
    const res = await fetch(`${h.url}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${h.openai().apiKey}`,
        'x-service-session-id': `ses_${'A'.repeat(24)}`,
      },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: `Mail ${PII.email}` }] }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-service-error-code')).toBe('invalid_session_id');
    expect(h.fake.requests).toHaveLength(0);
  });
});
