import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { TestApp } from '../../helpers/test-app.js';
import { createKey, createTenant } from '../../helpers/fixtures.js';
import { createLogger } from '../../../src/logger.js';
import {
  clientOf,
  drainQueues,
  endUserSession,
  startDetectingApp,
  startInProcessWorkers,
  statuses,
  tokenOf,
  type InProcessWorkers,
  type TokenizeResponse,
} from './client-api.js';

/**
 * DESIGN 3: no plaintext personal data in Postgres, Redis, logs or queue payloads. Distinctive
 * values go through every path that stores or queues something, then everything is dumped and
 * searched for them and their normalised forms.
 */
const LEAK = {
  name: 'Margherita Brambilla',
  email: 'leak.probe.4417@example.org',
  phone: '+44 20 7946 0321',
  iban: 'GB82 WEST 1234 5698 7654 32',
  card: '5555 5555 5555 4444',
} as const;

/** Every spelling of the values that must appear nowhere, lower-cased (dumps are searched lower-cased). */
const NEEDLES = [
  ...Object.values(LEAK),
  'brambilla',
  'leak.probe.4417',
  '+442079460321',
  '442079460321',
  '02079460321',
  '2079460321',
  '20 7946 0321',
  '5555555555554444',
  'gb82west12345698765432',
  'west 1234 5698',
  // masked_value of each (first character kept): DESIGN 6 keeps these out of storage too.
  ...Object.values(LEAK).map((v) => v[0] + '*'.repeat(Array.from(v).length - 1)),
].map((s) => s.toLowerCase());

/** The same values as bytes, hex (how Postgres prints bytea) and base64 (how the cache stores bytes). */
const BINARY_NEEDLES = Object.values(LEAK).flatMap((v) => [
  Buffer.from(v, 'utf8').toString('hex'),
  Buffer.from(v, 'utf8').toString('base64').replace(/=+$/, '').toLowerCase(),
]);

function findLeaks(haystack: string): string[] {
  const lower = haystack.toLowerCase();
  return [...NEEDLES, ...BINARY_NEEDLES].filter((needle) => lower.includes(needle));
}

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, callback) {
    logLines.push(String(chunk));
    callback();
  },
});

let t: TestApp;
let workers: InProcessWorkers;
let tenant: string;
const seen = { tokens: [] as string[] };

/** Every row of every table of the test database, as text. */
async function dumpPostgres(): Promise<{ tables: string[]; text: string }> {
  const client = new pg.Client({ connectionString: t.config.DATABASE_URL });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
        ORDER BY 1, 2`,
    );
    const parts: string[] = [];
    for (const { schema, name } of tables) {
      const qualified = `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(name)}`;
      const { rows } = await client.query<{ row: string }>(`SELECT r::text AS row FROM ${qualified} r`);
      parts.push(`== ${schema}.${name}`, ...rows.map((r) => r.row));
    }
    return { tables: tables.map((x) => x.name), text: parts.join('\n') };
  } finally {
    await client.end();
  }
}

/** Every key under the app's prefix with its full value, whatever its type (BullMQ uses them all). */
async function dumpRedis(): Promise<{ keys: string[]; text: string }> {
  const redis = new Redis(t.config.REDIS_URL);
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(
        cursor,
        'MATCH',
        `${t.config.SERVICE_REDIS_PREFIX}:*`,
        'COUNT',
        500,
      );
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    const parts: string[] = [];
    for (const key of keys.sort()) {
      const type = await redis.type(key);
      let value: unknown;
      switch (type) {
        case 'string':
          value = await redis.get(key);
          break;
        case 'hash':
          value = await redis.hgetall(key);
          break;
        case 'list':
          value = await redis.lrange(key, 0, -1);
          break;
        case 'set':
          value = await redis.smembers(key);
          break;
        case 'zset':
          value = await redis.zrange(key, 0, -1, 'WITHSCORES');
          break;
        case 'stream':
          value = await redis.xrange(key, '-', '+');
          break;
        default:
          value = `(${type})`;
      }
      parts.push(`== ${key} (${type})`, JSON.stringify(value));
    }
    return { keys, text: parts.join('\n') };
  } finally {
    redis.disconnect();
  }
}

beforeAll(async () => {
  t = await startDetectingApp({ logStream });
  workers = await startInProcessWorkers(t, createLogger('debug', logStream));
  tenant = await createTenant(t.app, 'Leak scan');
  const secretKey = (await createKey(t.app, tenant, { kind: 'secret' })).key;
  const secret = clientOf(t, secretKey);
  const alice = await endUserSession(t, secretKey, 'alice');
  const bob = await endUserSession(t, secretKey, 'bob');

  // Tokenize every value, through a client session and through a server key naming an end user.
  const texts = [
    `Hello, my name is ${LEAK.name} and I need help with my account.`,
    `You can reach me at ${LEAK.email} or on ${LEAK.phone}.`,
    `Please refund to ${LEAK.iban}; I paid with ${LEAK.card}.`,
  ];
  const tokenized = await alice.client.tokenize({ texts });
  expect(tokenized.statusCode).toBe(200);
  const body = tokenized.json<TokenizeResponse>();
  for (const value of Object.values(LEAK)) seen.tokens.push(tokenOf(body, value));
  const [nameToken, emailToken, phoneToken, ibanToken, cardToken] = seen.tokens as [
    string,
    string,
    string,
    string,
    string,
  ];
  await secret.tokenized(texts, { end_user_id: 'server-side-user' });
  await secret.tokenized([`again: ${LEAK.email}`], { session_id: body.session_id });

  // Detect (audited), reveal some, refuse some, use and refuse grants, purge one.
  expect((await alice.client.detect({ texts })).statusCode).toBe(200);
  const revealed = await alice.client.revealed({ text: body.texts.join('\n'), tokens: [nameToken] });
  expect(revealed.text).toContain(LEAK.email);
  expect(
    statuses(await bob.client.revealed({ tokens: [emailToken, phoneToken], session_id: body.session_id })),
  ).toEqual({
    [emailToken]: 'forbidden',
    [phoneToken]: 'forbidden',
  });
  const grant = await secret.createGrant({ tokens: [ibanToken], reason: 'refund check' });
  expect(statuses(await secret.revealed({ tokens: [ibanToken], grant_id: grant.id }))).toEqual({
    [ibanToken]: 'revealed',
  });
  expect((await bob.client.detokenize({ tokens: [ibanToken], grant_id: grant.id })).statusCode).toBe(403);
  // A caller that mistakes a value for a token id: logged under a hash, never as sent.
  const mistaken = await alice.client.revealed({ tokens: [LEAK.email, LEAK.phone] });
  expect(Object.values(statuses(mistaken))).toEqual(['not_found', 'not_found']);
  // Invalid requests that carry values: refused without echoing or logging them.
  for (const payload of [
    { texts: [LEAK.email, 42] },
    { texts: LEAK.card },
    { texts: [LEAK.name], session_id: LEAK.phone },
  ]) {
    const res = await alice.client.tokenize(payload);
    expect(res.statusCode).toBe(400);
    expect(findLeaks(res.body)).toEqual([]);
  }
  expect((await secret.send('DELETE', `/v1/tokens/${cardToken}`)).statusCode).toBe(200);
  await drainQueues(t);
});
afterAll(async () => {
  await workers?.close();
  await t?.close();
});

describe('leak scan', () => {
  it('finds no value in any column of any Postgres table', async () => {
    const { tables, text } = await dumpPostgres();
    // The scan saw the data it is about: the tables, this tenant's tokens, logs and jobs' results.
    for (const table of [
      'tokens',
      'sessions',
      'reveal_log',
      'reveal_grants',
      'audit_entities',
      'usage_events',
    ]) {
      expect(tables).toContain(table);
    }
    // Booleans, so a failure never prints the whole dump.
    for (const id of seen.tokens) expect(text.includes(id), `token ${id} in the dump`).toBe(true);
    expect(text.includes('EMAIL_ADDRESS'), 'audit rows in the dump').toBe(true);
    expect(/invalid:[0-9a-f]{16}/.test(text), 'hashed malformed ids in the dump').toBe(true);
    expect(findLeaks(text)).toEqual([]);
  });

  it('finds no value in any Redis key or value under the prefix, BullMQ job hashes included', async () => {
    const { keys, text } = await dumpRedis();
    expect(keys.some((k) => k.includes(':tok:'))).toBe(true);
    for (const queue of ['reveal-log', 'audit', 'usage']) {
      expect(keys.some((k) => k.includes(`:bull:${queue}:`))).toBe(true);
    }
    // Completed jobs are kept (bounded), so their payloads were scanned too.
    expect(text.includes(`"token_id\\":\\"${seen.tokens[1]}`), 'reveal-log job payloads in the dump').toBe(
      true,
    );
    expect(text.includes('entity_type'), 'audit job payloads in the dump').toBe(true);
    expect(findLeaks(text)).toEqual([]);
  });

  it('finds no value in the api and worker logs (debug level)', async () => {
    expect(logLines.length).toBeGreaterThan(10);
    expect(findLeaks(logLines.join('\n'))).toEqual([]);
  });
});
