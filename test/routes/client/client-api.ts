import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sha256 } from '../../../src/crypto/hashing.js';
import { DEFAULT_DETECTION_SETTINGS } from '../../../src/detection/types.js';
import { startTestApp, testConfig, type TestApp } from '../../helpers/test-app.js';
import { createKey, createTenant, mintClientSession } from '../../helpers/fixtures.js';

/**
 * Shared pieces of the client API integration tests: an app with the real detection pool, real
 * BullMQ workers in this process, typed calls, and waits on what the workers write.
 */

/** Values every detector finds by pattern (checksums included), so policy tests never depend on NER quality. */
import { startInProcessWorkers } from '../../helpers/in-process-workers.js';
export {
  drainQueues,
  eventually,
  startInProcessWorkers,
  type InProcessWorkers,
} from '../../helpers/in-process-workers.js';

export const VALUES = {
  email: 'maria.rossi@example.com',
  phone: '+44 20 7946 0958',
  iban: 'DE89 3704 0044 0532 0130 00',
  card: '4111 1111 1111 1111',
} as const;

export type RevealStatus = 'revealed' | 'forbidden' | 'purged' | 'not_found';

export interface EntityOut {
  entity_type: string;
  label: string;
  token: string | null;
  score: number;
  masked_value: string;
  start: number;
  end: number;
  text_index: number;
}

export interface TokenizeResponse {
  texts: string[];
  entities: EntityOut[];
  tokens: Record<string, string>;
  session_id: string;
  entity_count: number;
}

export interface DetokenizeResponse {
  tokens: Record<string, { status: RevealStatus; plaintext?: string }>;
  text?: string;
}

export interface RevealLogRow {
  attempt_id: string;
  token_id: string;
  outcome: RevealStatus;
  end_user_id: string | null;
  credential_kind: string;
  credential_id: string;
  client_ip: string | null;
  grant_id: string | null;
  created_at: Date;
}

/**
 * An app whose detection pool runs the real model. One thread per app: two test files run at once
 * on two cores, and the model load is the slow part of their start.
 */
export async function startDetectingApp(
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const t = await startTestApp({
    detection: true,
    config: testConfig({ SERVICE_DETECTION_THREADS: '1' }),
    ...options,
  });
  try {
    await t.services.detection!.warmUp(DEFAULT_DETECTION_SETTINGS);
  } catch (error) {
    await t.close();
    throw error;
  }
  return t;
}

/** A detecting app, real workers, a tenant and a secret key: what most client API test files start with. */
export interface ClientApiFixture {
  t: TestApp;
  tenant: string;
  secretKey: string;
  secret: Client;
  close(): Promise<void>;
}

export async function startClientApi(tenantName: string): Promise<ClientApiFixture> {
  const t = await startDetectingApp();
  const workers = await startInProcessWorkers(t);
  const tenant = await createTenant(t.app, tenantName);
  const secretKey = (await createKey(t.app, tenant, { kind: 'secret' })).key;
  return {
    t,
    tenant,
    secretKey,
    secret: clientOf(t, secretKey),
    close: async () => {
      await workers.close();
      await t.close();
    },
  };
}

/** Reveal-log rows of these tokens, oldest attempt first. */
export async function revealRows(
  t: TestApp,
  tenantId: string,
  tokenIds: readonly string[],
): Promise<RevealLogRow[]> {
  const { rows } = await t.services.db.query<RevealLogRow>(
    `SELECT attempt_id, token_id, outcome, end_user_id, credential_kind, credential_id, host(client_ip) AS client_ip,
            grant_id, created_at
       FROM reveal_log WHERE tenant_id = $1 AND token_id = ANY($2::text[])
      ORDER BY created_at, attempt_id, token_id`,
    [tenantId, tokenIds],
  );
  return rows;
}

/** The stored id of a client session (what the reveal log records as its credential id). */
export async function clientSessionId(t: TestApp, token: string): Promise<string> {
  const { rows } = await t.services.db.query<{ id: string }>(
    `SELECT id FROM client_sessions WHERE token_hash = $1`,
    [sha256(token)],
  );
  if (!rows[0]) throw new Error('no such client session');
  return rows[0].id;
}

/** The api key id behind a key (what the reveal log records for keys). */
export async function apiKeyId(t: TestApp, key: string): Promise<string> {
  const { rows } = await t.services.db.query<{ id: string }>(`SELECT id FROM api_keys WHERE key_hash = $1`, [
    sha256(key),
  ]);
  if (!rows[0]) throw new Error('no such api key');
  return rows[0].id;
}

export async function tokenCount(t: TestApp, tenantId: string): Promise<number> {
  const { rows } = await t.services.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM tokens WHERE tenant_id = $1`,
    [tenantId],
  );
  return rows[0]!.n;
}

export interface CallOptions {
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** Client API calls made with one credential (and optional fixed headers, e.g. an Origin). */
export function clientOf(t: TestApp, credential: string, fixed: Record<string, string> = {}) {
  const send = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
    options: CallOptions = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${credential}`, ...fixed, ...options.headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
  const ok = async <T>(res: LightMyRequestResponse, status = 200): Promise<T> => {
    if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
    return res.json<T>();
  };
  return {
    send,
    tokenize: (payload: unknown, options?: CallOptions) =>
      send('POST', '/v1/client/tokenize', payload, options),
    detect: (payload: unknown, options?: CallOptions) => send('POST', '/v1/client/detect', payload, options),
    detokenize: (payload: unknown, options?: CallOptions) =>
      send('POST', '/v1/client/detokenize', payload, options),
    /** Tokenize that must answer 200. */
    tokenized: async (texts: string[], more: { session_id?: string; end_user_id?: string } = {}) =>
      ok<TokenizeResponse>(await send('POST', '/v1/client/tokenize', { texts, ...more })),
    /** Detokenize that must answer 200. */
    revealed: async (payload: Record<string, unknown>, options?: CallOptions) =>
      ok<DetokenizeResponse>(await send('POST', '/v1/client/detokenize', payload, options)),
    createGrant: async (payload: Record<string, unknown>) =>
      ok<{ id: string; created_at: string; expires_at: string }>(
        await send('POST', '/v1/reveal-grants', payload),
        201,
      ),
  };
}

export type Client = ReturnType<typeof clientOf>;

/** The token id a tokenize call gave `value`. */
export function tokenOf(response: TokenizeResponse, value: string): string {
  const found = Object.entries(response.tokens).find(([, v]) => v === value);
  if (!found)
    throw new Error(`value not tokenized; got labels ${response.entities.map((e) => e.label).join(',')}`);
  return found[0];
}

export interface EndUser {
  endUser: string;
  /** The client session credential. */
  token: string;
  client: Client;
}

/** A client session of a fresh end user; the name is suffixed so tests never share end users. */
export async function endUserSession(t: TestApp, secretKey: string, name: string): Promise<EndUser> {
  const endUser = `${name}-${randomBytes(4).toString('hex')}`;
  const session = await mintClientSession(t.app, secretKey, { end_user_id: endUser });
  return { endUser, token: session.token, client: clientOf(t, session.token) };
}

/** The four pattern values, each in a text of its own. */
export const VALUE_TEXTS = [
  `Mail ${VALUES.email} today.`,
  `Call ${VALUES.phone} today.`,
  `IBAN ${VALUES.iban} please.`,
  `Card ${VALUES.card} please.`,
] as const;

/** VALUE_TEXTS tokenized by `by`: the four token ids and the session. */
export async function tokenizeValues(by: Client, more: { session_id?: string; end_user_id?: string } = {}) {
  const body = await by.tokenized([...VALUE_TEXTS], more);
  return {
    session: body.session_id,
    email: tokenOf(body, VALUES.email),
    phone: tokenOf(body, VALUES.phone),
    iban: tokenOf(body, VALUES.iban),
    card: tokenOf(body, VALUES.card),
  };
}

/** Status per token id of a detokenize answer. */
export const statuses = (response: DetokenizeResponse): Record<string, RevealStatus> =>
  Object.fromEntries(Object.entries(response.tokens).map(([id, r]) => [id, r.status]));
