import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createTenant } from '../helpers/fixtures.js';
import { createSession, mintSessionId } from '../../src/vault/sessions.js';
import { purgeByEndUser, purgeById, type MintContext } from '../../src/vault/token-vault.js';
import type { TokenRecord } from '../../src/vault/token-cache.js';

let t: TestApp;
let tenant: string;
beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.app, 'Vault');
});
afterAll(async () => {
  await t?.close();
});

async function context(endUser: string | null = null): Promise<MintContext> {
  const session = await createSession(t.services.db, tenant, endUser);
  return {
    tenantId: tenant,
    sessionId: session.id,
    createdByEndUser: endUser,
    createdByCredential: 'key_test',
  };
}

const person = (value: string) => ({ entityType: 'PERSON', label: 'NAME', value });

describe('token vault', () => {
  it('mints 8-character lower-case ids and keeps one token per value within a session', async () => {
    const ctx = await context();
    const [a, b, c] = await t.services.vault.mint(ctx, [
      person('Maria Rossi'),
      person('maria  ROSSI'),
      person('Luca Bianchi'),
    ]);
    expect(a!.id).toMatch(/^[a-z0-9]{8}$/);
    expect(a!.created).toBe(true);
    expect(b!.id).toBe(a!.id);
    expect(c!.id).not.toBe(a!.id);
    const again = await t.services.vault.mint(ctx, [person('Maria Rossi')]);
    expect(again[0]).toEqual({ id: a!.id, label: 'NAME', created: false });
  });

  it('never links the same value across sessions', async () => {
    const [x] = await t.services.vault.mint(await context(), [person('Maria Rossi')]);
    const [y] = await t.services.vault.mint(await context(), [person('Maria Rossi')]);
    expect(x!.id).not.toBe(y!.id);
  });

  it('agrees on one token when two calls mint the same value at once', async () => {
    const ctx = await context();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.services.vault.mint(ctx, [person('Anna Weber')])),
    );
    expect(new Set(results.map((r) => r[0]!.id)).size).toBe(1);
  });

  it('stores ciphertext only, decrypts through the policy path, and reads back from cache and Postgres', async () => {
    const ctx = await context('alice');
    const value = 'Giulia Conti-Ferrari';
    const [minted] = await t.services.vault.mint(ctx, [person(value)]);
    const { rows } = await t.services.db.query(`SELECT * FROM tokens WHERE tenant_id = $1 AND id = $2`, [
      tenant,
      minted!.id,
    ]);
    expect(JSON.stringify(rows)).not.toContain('Giulia');
    expect(rows[0].value_ciphertext.toString('utf8')).not.toContain('Giulia');
    const cached = await t.services.vault.records(tenant, [minted!.id]);
    expect(cached.get(minted!.id)).toMatchObject({ createdByEndUser: 'alice', purged: false, label: 'NAME' });
    expect(await t.services.vault.decrypt(tenant, cached.get(minted!.id)!)).toBe(value);
    // Cold cache: from Postgres.
    await t.services.redis.del(`${t.config.SERVICE_REDIS_PREFIX}:tok:${tenant}:${minted!.id}`);
    const cold = await t.services.vault.records(tenant, [minted!.id, 'zzzzzzzz']);
    expect(await t.services.vault.decrypt(tenant, cold.get(minted!.id)!)).toBe(value);
    expect(cold.has('zzzzzzzz')).toBe(false);
  });

  it('keeps tenants apart: another tenant cannot read a token by its id', async () => {
    const [minted] = await t.services.vault.mint(await context(), [person('Paul Martin')]);
    const other = await createTenant(t.app, 'Other');
    expect((await t.services.vault.records(other, [minted!.id])).size).toBe(0);
  });

  it('purges by id and by end user; purged tokens keep no value and are not reused', async () => {
    const ctx = await context('bob');
    const [one, two] = await t.services.vault.mint(ctx, [person('Bob Stone'), person('Eve Stone')]);
    expect(await t.services.vault.purge(tenant, purgeById(one!.id))).toEqual([one!.id]);
    expect(await t.services.vault.purge(tenant, purgeById(one!.id))).toEqual([]);
    const after = await t.services.vault.records(tenant, [one!.id]);
    expect(after.get(one!.id)).toMatchObject({ purged: true, ciphertext: null });
    const { rows } = await t.services.db.query(
      `SELECT value_ciphertext, value_hmac FROM tokens WHERE tenant_id = $1 AND id = $2`,
      [tenant, one!.id],
    );
    expect(rows[0]).toEqual({ value_ciphertext: null, value_hmac: null });
    const [fresh] = await t.services.vault.mint(ctx, [person('Bob Stone')]);
    expect(fresh!.id).not.toBe(one!.id);
    const purged = await t.services.vault.purge(tenant, purgeByEndUser('bob'));
    expect(purged.sort()).toEqual([two!.id, fresh!.id].sort());
  });

  it('rotates tenant keys and still decrypts old values', async () => {
    const ctx = await context();
    const [old] = await t.services.vault.mint(ctx, [person('Old Value')]);
    const version = await t.services.keyring.rotate(tenant);
    expect(version).toBeGreaterThan(1);
    const [young] = await t.services.vault.mint(ctx, [person('New Value')]);
    const again = await t.services.vault.mint(ctx, [person('Old Value')]);
    expect(again[0]!.id).toBe(old!.id); // the HMAC key carried over
    const records = await t.services.vault.records(tenant, [old!.id, young!.id]);
    expect(records.get(old!.id)!.keyVersion).toBeLessThan(records.get(young!.id)!.keyVersion);
    expect(await t.services.vault.decrypt(tenant, records.get(old!.id)!)).toBe('Old Value');
    expect(await t.services.vault.decrypt(tenant, records.get(young!.id)!)).toBe('New Value');
  });
  it('hands detection the unpurged values of one session of one tenant, across key versions, newest first', async () => {
    const ctx = await context();
    const [gone] = await t.services.vault.mint(ctx, [person('Gone Value'), person('First Value')]);
    await t.services.keyring.rotate(tenant);
    await t.services.vault.mint(ctx, [
      { entityType: 'EMAIL_ADDRESS', label: 'EMAIL', value: 'x@example.com' },
    ]);
    await t.services.vault.purge(tenant, purgeById(gone!.id));
    // The same value in another session, and a session of another tenant, stay out.
    await t.services.vault.mint(await context(), [person('Other Session')]);
    const other = await createTenant(t.app, 'Vault other');
    const otherSession = await createSession(t.services.db, other, null);
    await t.services.vault.mint(
      { tenantId: other, sessionId: otherSession.id, createdByEndUser: null, createdByCredential: 'k' },
      [person('Other Tenant')],
    );

    expect(await t.services.vault.knownValues(tenant, ctx.sessionId)).toEqual([
      { entity_type: 'EMAIL_ADDRESS', label: 'EMAIL', value: 'x@example.com' },
      { entity_type: 'PERSON', label: 'NAME', value: 'First Value' },
    ]);
    expect(await t.services.vault.knownValues(other, ctx.sessionId)).toEqual([]);
    expect(await t.services.vault.knownValues(tenant, mintSessionId())).toEqual([]);
  });

  describe('a session not stored yet (unsavedSession)', () => {
    const unsaved = (owner: string | null = null): MintContext => ({
      tenantId: tenant,
      sessionId: mintSessionId(),
      createdByEndUser: owner,
      createdByCredential: 'key_test',
      unsavedSession: { ownerEndUserId: owner },
    });
    const rowsOf = async (sessionId: string) => ({
      sessions: (
        await t.services.db.query(`SELECT owner_end_user_id FROM sessions WHERE tenant_id = $1 AND id = $2`, [
          tenant,
          sessionId,
        ])
      ).rows,
      tokens: (
        await t.services.db.query(`SELECT id FROM tokens WHERE tenant_id = $1 AND session_id = $2`, [
          tenant,
          sessionId,
        ])
      ).rows.map((r: { id: string }) => r.id),
    });

    it('stores the session and its tokens in one statement', async () => {
      const ctx = unsaved('carol');
      const queries: string[] = [];
      const query = t.services.db.query.bind(t.services.db);
      const spy = vi.spyOn(t.services.db, 'query').mockImplementation(((
        sql: string | { text: string },
        params: unknown[],
      ) => {
        queries.push(typeof sql === 'string' ? sql : sql.text);
        return query(sql as string, params);
      }) as never);
      let minted;
      try {
        minted = await t.services.vault.mint(ctx, [person('Carol King'), person('Dan Brown')]);
      } finally {
        spy.mockRestore();
      }
      expect(queries.filter((q) => /INSERT INTO (sessions|tokens)/.test(q))).toHaveLength(1);
      const stored = await rowsOf(ctx.sessionId);
      expect(stored.sessions).toEqual([{ owner_end_user_id: 'carol' }]);
      expect(stored.tokens.sort()).toEqual(minted.map((m) => m.id).sort());
      // Later calls on the stored session find its tokens.
      const again = await t.services.vault.mint({ ...ctx, unsavedSession: undefined }, [
        person('Carol King'),
      ]);
      expect(again[0]).toEqual({ id: minted[0]!.id, label: 'NAME', created: false });
    });

    it('stores the session alone when there is nothing to mint', async () => {
      const ctx = unsaved();
      expect(await t.services.vault.mint(ctx, [])).toEqual([]);
      expect(await rowsOf(ctx.sessionId)).toEqual({ sessions: [{ owner_end_user_id: null }], tokens: [] });
    });

    it('fails whole when the session row cannot be stored: no token is left behind or cached', async () => {
      const ctx = unsaved();
      await createSession(t.services.db, tenant, 'someone-else', ctx.sessionId);
      await expect(t.services.vault.mint(ctx, [person('Frank Ocean')])).rejects.toThrow(/duplicate key/);
      expect((await rowsOf(ctx.sessionId)).tokens).toEqual([]);
      const cached = await t.services.redis.keys(`${t.config.SERVICE_REDIS_PREFIX}:tok:${tenant}:*`);
      const records = await t.services.vault.records(
        tenant,
        cached.map((k) => k.split(':').at(-1)!),
      );
      expect([...records.values()].filter((r) => r.sessionId === ctx.sessionId)).toEqual([]);
    });
  });
});

describe('token cache fill (the api connection, BullMQ scripts loaded)', () => {
  const record = (id: string): TokenRecord => ({
    id,
    sessionId: 'ses_cache',
    entityType: 'PERSON',
    label: 'NAME',
    keyVersion: 2,
    ciphertext: Buffer.from([1, 2, 3]),
    createdByEndUser: 'alice',
    purged: false,
  });
  const cacheKey = (id: string) => `${t.config.SERVICE_REDIS_PREFIX}:tok:${tenant}:${id}`;

  it('stores every record under its tenant with the entry TTL', async () => {
    await t.services.vault.cache.fill(tenant, [record('fill0001'), record('fill0002')]);
    const found = await t.services.vault.cache.getMany(tenant, ['fill0001', 'fill0002', 'fill0003']);
    expect([...found.keys()]).toEqual(['fill0001', 'fill0002']);
    expect(found.get('fill0002')).toEqual(record('fill0002'));
    expect(await t.services.redis.ttl(cacheKey('fill0001'))).toBeGreaterThan(3500);
    expect((await t.services.vault.cache.getMany('ten_other', ['fill0001'])).size).toBe(0);
  });

  it('never overwrites an entry already there (a purge tombstone stays) and still fills the rest', async () => {
    await t.services.vault.cache.tombstone(tenant, [record('fill0004')]);
    await t.services.vault.cache.fill(tenant, [record('fill0004'), record('fill0005')]);
    const found = await t.services.vault.cache.getMany(tenant, ['fill0004', 'fill0005']);
    expect(found.get('fill0004')).toMatchObject({ purged: true, ciphertext: null });
    expect(found.get('fill0005')).toMatchObject({ purged: false, ciphertext: Buffer.from([1, 2, 3]) });
  });
});
