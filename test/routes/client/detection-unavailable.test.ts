import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app.js';
import { createKey, createTenant, mintClientSession } from '../../helpers/fixtures.js';
import { QUEUE_NAMES } from '../../../src/queues/catalog.js';
import { createSession } from '../../../src/vault/sessions.js';
import { clientOf, tokenCount, VALUES, type Client } from './client-api.js';

// An api process whose detection pool is not running: tokenize must fail closed.
let t: TestApp;
let tenant: string;
let client: Client;

async function sessionRows(): Promise<{ id: string; owner_end_user_id: string | null }[]> {
  const { rows } = await t.services.db.query(
    `SELECT id, owner_end_user_id FROM sessions WHERE tenant_id = $1 ORDER BY id`,
    [tenant],
  );
  return rows;
}

async function queuedJobs(): Promise<number> {
  const counts = await Promise.all(QUEUE_NAMES.map((name) => t.services.queues.queue(name).getJobCounts()));
  return counts.reduce((n, c) => n + Object.values(c).reduce((a, b) => a + b, 0), 0);
}

beforeAll(async () => {
  t = await startTestApp({ detection: false });
  tenant = await createTenant(t.app, 'No detection');
  const secret = (await createKey(t.app, tenant, { kind: 'secret' })).key;
  client = clientOf(t, (await mintClientSession(t.app, secret, { end_user_id: 'nina' })).token);
});
afterAll(async () => {
  await t?.close();
});

describe('detection unavailable', () => {
  it('tokenize → 503 tokenization_unavailable, and nothing is stored: no token, no session, no claim, no job', async () => {
    const open = await createSession(t.services.db, tenant, null);
    const sessionsBefore = await sessionRows();
    for (const payload of [
      { texts: [`Mail ${VALUES.email}`] },
      { texts: [VALUES.card], session_id: open.id },
    ]) {
      const res = await client.tokenize(payload);
      expect(res.statusCode).toBe(503);
      expect(res.headers['x-service-error-code']).toBe('tokenization_unavailable');
      expect(res.json().error.code).toBe('tokenization_unavailable');
      expect(res.body).not.toContain('maria');
      expect(res.body).not.toContain('4111');
    }
    expect(await tokenCount(t, tenant)).toBe(0);
    expect(await sessionRows()).toEqual(sessionsBefore);
    expect(await queuedJobs()).toBe(0);
  });

  it('detect → 503 tokenization_unavailable too', async () => {
    const res = await client.detect({ texts: [`Mail ${VALUES.email}`] });
    expect(res.statusCode).toBe(503);
    expect(res.headers['x-service-error-code']).toBe('tokenization_unavailable');
    expect(await queuedJobs()).toBe(0);
  });

  it('still checks the credential, limits and schema first', async () => {
    expect((await clientOf(t, 'xcs_' + 'Q'.repeat(32)).tokenize({ texts: ['x'] })).statusCode).toBe(401);
    expect((await client.tokenize({ texts: Array.from({ length: 101 }, () => 'x') })).statusCode).toBe(413);
    expect((await client.tokenize({ texts: 'x' })).statusCode).toBe(400);
  });
});
