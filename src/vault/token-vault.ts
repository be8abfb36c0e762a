import type { Db } from '../db/pool.js';
import { hmacSha256 } from '../crypto/hashing.js';
import { randomLowerAlnum } from '../crypto/random-ids.js';
import { TOKEN_ID_LENGTH } from '../tokens/token-text.js';
import { open, seal } from './envelope.js';
import { normalizeValue } from './normalize-value.js';
import type { TenantKeyring } from './tenant-keys.js';
import { TokenCache, type TokenRecord } from './token-cache.js';
import { createSession } from './sessions.js';
import type { KnownValue } from '../detection/known-values.js';

export interface ValueToTokenize {
  entityType: string;
  label: string;
  value: string;
}

export interface MintContext {
  tenantId: string;
  sessionId: string;
  /** Who the tokens are attributed to (the caller's end user, else the session owner). */
  createdByEndUser: string | null;
  /** The key or client session id that created them. */
  createdByCredential: string;
  /**
   * The session is new and not stored yet: its row goes in with the tokens, in one statement (one
   * round trip instead of two), or alone when there is nothing to mint. It holds no tokens yet, so
   * the first round skips the lookup of existing ones.
   */
  unsavedSession?: { ownerEndUserId: string | null };
}

export interface MintedToken {
  id: string;
  label: string;
  /** True when this call created it; false when the session already had a token for the value. */
  created: boolean;
}

// An id collision needs two of 36^8 ≈ 2.8e12 ids to meet inside one tenant; a few retries cover it.
const MAX_MINT_ROUNDS = 5;
/**
 * Known values handed to detection per call: the newest of a session. Reading and decrypting 2,000
 * took about 20 ms on the event loop; 500 is more than a conversation holds.
 */
export const MAX_KNOWN_VALUES = 500;

const valueAad = (tenantId: string, tokenId: string) => `token:${tenantId}:${tokenId}`;

/** The columns of a `TokenRow`. */
const TOKEN_COLUMNS =
  'id, session_id, entity_type, label, key_version, value_ciphertext, created_by_end_user, purged_at';

// The session row of `unsavedSession` ($11 is its owner). Foreign keys are checked at the end of the
// statement, so the tokens inserted after it may reference it.
const INSERT_SESSION_FIRST = `WITH new_session AS (
  INSERT INTO sessions (tenant_id, id, owner_end_user_id) VALUES ($1::text, $2::text, $11::text)
)`;

/** The vault: mints tokens (Postgres first, then the shared cache) and reads them back. */
export class TokenVault {
  constructor(
    readonly db: Db,
    readonly keyring: TenantKeyring,
    readonly cache: TokenCache,
  ) {}

  /**
   * One token per (session, entity type, normalised value): existing ones are reused, the rest are
   * inserted. Returns a token for every input, in input order. Everything is in Postgres and in the
   * shared cache when this resolves.
   */
  async mint(ctx: MintContext, values: readonly ValueToTokenize[]): Promise<MintedToken[]> {
    const { tokens, cached } = await this.mintThenCache(ctx, values);
    await cached;
    return tokens;
  }

  /**
   * As `mint`, but resolves once the tokens are in Postgres (write-through, DESIGN 3), with the
   * shared-cache fill still under way in `cached`, so a caller can overlap it with other work and
   * must await it before answering. `cached` never rejects unhandled.
   */
  async mintThenCache(
    ctx: MintContext,
    values: readonly ValueToTokenize[],
  ): Promise<{ tokens: MintedToken[]; cached: Promise<void> }> {
    const { tokens, fresh } = await this.store(ctx, values);
    const cached = this.cache.fill(ctx.tenantId, fresh);
    cached.catch(() => {});
    return { tokens, cached };
  }

  /** The Postgres half of `mint`: the tokens, and the records of those this call created. */
  private async store(
    ctx: MintContext,
    values: readonly ValueToTokenize[],
  ): Promise<{ tokens: MintedToken[]; fresh: TokenRecord[] }> {
    if (!values.length) {
      if (ctx.unsavedSession)
        await createSession(this.db, ctx.tenantId, ctx.unsavedSession.ownerEndUserId, ctx.sessionId);
      return { tokens: [], fresh: [] };
    }
    const keys = await this.keyring.active(ctx.tenantId);
    const hmacOf = (v: ValueToTokenize) =>
      hmacSha256(
        keys.hmacKey,
        `${ctx.sessionId}\u0000${v.entityType}\u0000${normalizeValue(v.entityType, v.value)}`,
      );

    // Distinct values of this call, keyed by HMAC.
    const distinct = new Map<string, { hmac: Buffer; input: ValueToTokenize }>();
    const inputKeys = values.map((v) => {
      const hmac = hmacOf(v);
      const key = hmac.toString('base64');
      if (!distinct.has(key)) distinct.set(key, { hmac, input: v });
      return key;
    });

    const result = new Map<string, MintedToken>();
    const fresh: TokenRecord[] = [];
    for (let round = 0; round < MAX_MINT_ROUNDS && result.size < distinct.size; round++) {
      const pending = [...distinct.entries()].filter(([key]) => !result.has(key));
      // Existing tokens of this session first (the common case across turns); a session made by
      // this call has none, until a concurrent call on it shows up in a later round.
      const sessionToInsert = round === 0 ? ctx.unsavedSession : undefined;
      const existing = sessionToInsert
        ? { rows: [] }
        : await this.db.query<{ id: string; label: string; value_hmac: Buffer }>({
            name: 'vault-tokens-by-hmac',
            text: `SELECT id, label, value_hmac FROM tokens
                WHERE tenant_id = $1::text AND session_id = $2::text AND value_hmac = ANY($3::bytea[])`,
            values: [ctx.tenantId, ctx.sessionId, pending.map(([, d]) => d.hmac)],
          });
      for (const row of existing.rows) {
        result.set(row.value_hmac.toString('base64'), { id: row.id, label: row.label, created: false });
      }
      const toInsert = pending.filter(([key]) => !result.has(key));
      if (!toInsert.length) break;
      const rows = toInsert.map(([key, d]) => {
        const id = randomLowerAlnum(TOKEN_ID_LENGTH);
        return {
          key,
          id,
          hmac: d.hmac,
          input: d.input,
          ciphertext: seal(keys.dataKey, Buffer.from(d.input.value, 'utf8'), valueAad(ctx.tenantId, id)),
        };
      });
      // ON CONFLICT covers both a concurrent call minting the same value (unique HMAC index) and an
      // id collision (primary key); the next round resolves either. A session inserted alongside
      // has no ON CONFLICT: a clash fails the whole statement, tokens included.
      // Named, so each connection plans these statements once (about 0.2 ms a call).
      const inserted = await this.db.query<{ id: string }>({
        name: sessionToInsert ? 'vault-mint-with-session' : 'vault-mint',
        text: `${sessionToInsert ? INSERT_SESSION_FIRST : ''}
         INSERT INTO tokens (tenant_id, id, session_id, entity_type, label, key_version, value_ciphertext, value_hmac,
                             created_by_end_user, created_by_credential)
         SELECT $1::text, u.id, $2::text, u.entity_type, u.label, $3::int, u.ct, u.hmac, $4::text, $5::text
           FROM unnest($6::text[], $7::text[], $8::text[], $9::bytea[], $10::bytea[]) AS u(id, entity_type, label, ct, hmac)
         ON CONFLICT DO NOTHING
         RETURNING id`,
        values: [
          ctx.tenantId,
          ctx.sessionId,
          keys.version,
          ctx.createdByEndUser,
          ctx.createdByCredential,
          rows.map((r) => r.id),
          rows.map((r) => r.input.entityType),
          rows.map((r) => r.input.label),
          rows.map((r) => r.ciphertext),
          rows.map((r) => r.hmac),
          ...(sessionToInsert ? [sessionToInsert.ownerEndUserId] : []),
        ],
      });
      const insertedIds = new Set(inserted.rows.map((r) => r.id));
      for (const r of rows) {
        if (!insertedIds.has(r.id)) continue;
        result.set(r.key, { id: r.id, label: r.input.label, created: true });
        fresh.push({
          id: r.id,
          sessionId: ctx.sessionId,
          entityType: r.input.entityType,
          label: r.input.label,
          keyVersion: keys.version,
          ciphertext: r.ciphertext,
          createdByEndUser: ctx.createdByEndUser,
          purged: false,
        });
      }
    }
    if (result.size < distinct.size) throw new Error('could not mint unique token ids');
    return { tokens: inputKeys.map((key) => result.get(key)!), fresh };
  }

  /** Token records by id (cache first, then Postgres, filling the cache). Unknown ids are absent. */
  async records(tenantId: string, ids: readonly string[]): Promise<Map<string, TokenRecord>> {
    const found = await this.cache.getMany(tenantId, ids);
    const missing = ids.filter((id) => !found.has(id));
    if (!missing.length) return found;
    const { rows } = await this.db.query<TokenRow>(
      `SELECT ${TOKEN_COLUMNS}
         FROM tokens WHERE tenant_id = $1::text AND id = ANY($2::text[])`,
      [tenantId, missing],
    );
    const loaded = rows.map(toRecord);
    for (const r of loaded) found.set(r.id, r);
    await this.cache.fill(tenantId, loaded);
    return found;
  }

  /**
   * The values already tokenized in a session (unpurged, newest first), decrypted so detection can
   * find them again in later turns. They go to the detection thread only; nothing is returned to a
   * caller from them but token text.
   */
  async knownValues(tenantId: string, sessionId: string): Promise<KnownValue[]> {
    const { rows } = await this.db.query<TokenRow>(
      `SELECT ${TOKEN_COLUMNS} FROM tokens
        WHERE tenant_id = $1::text AND session_id = $2::text
          AND purged_at IS NULL AND value_ciphertext IS NOT NULL
        ORDER BY created_at DESC LIMIT ${MAX_KNOWN_VALUES}`,
      [tenantId, sessionId],
    );
    const known: KnownValue[] = [];
    for (const record of rows.map(toRecord)) {
      known.push({
        entity_type: record.entityType,
        label: record.label,
        value: await this.decrypt(tenantId, record),
      });
    }
    return known;
  }

  /** The plaintext of an unpurged token. Only the reveal and restore paths call this, after their policy. */
  async decrypt(tenantId: string, record: TokenRecord): Promise<string> {
    if (record.purged || !record.ciphertext) throw new Error('token is purged');
    const keys = await this.keyring.version(tenantId, record.keyVersion);
    return open(keys.dataKey, record.ciphertext, valueAad(tenantId, record.id)).toString('utf8');
  }

  /**
   * Purges tokens: tombstones in the cache first (if Redis is down nothing changes and the caller gets
   * 503), then nulls ciphertext and HMAC in Postgres, then tombstones again to beat a concurrent fill.
   * Returns the ids purged by this call.
   */
  async purge(tenantId: string, where: PurgeSelector): Promise<string[]> {
    const { rows } = await this.db.query<TokenRow>(
      `SELECT ${TOKEN_COLUMNS}
         FROM tokens WHERE tenant_id = $1::text AND purged_at IS NULL AND ${where.sql('$2')}`,
      [tenantId, where.value],
    );
    if (!rows.length) return [];
    const records = rows.map(toRecord);
    await this.cache.tombstone(tenantId, records);
    const updated = await this.db.query<{ id: string }>(
      `UPDATE tokens SET value_ciphertext = NULL, value_hmac = NULL, purged_at = now()
        WHERE tenant_id = $1::text AND id = ANY($2::text[]) AND purged_at IS NULL RETURNING id`,
      [tenantId, records.map((r) => r.id)],
    );
    await this.cache.tombstone(tenantId, records);
    return updated.rows.map((r) => r.id);
  }
}

/** Which tokens a purge covers: a condition over the tokens table bound to one parameter ($1 is the tenant id). */
export interface PurgeSelector {
  sql: (placeholder: string) => string;
  value: unknown;
}

export const purgeById = (id: string): PurgeSelector => ({ sql: (p) => `id = ${p}::text`, value: id });

/** Tokens the end user created, and every token in sessions the end user owns (DESIGN 3). */
export const purgeByEndUser = (endUserId: string): PurgeSelector => ({
  sql: (p) =>
    `(created_by_end_user = ${p}::text OR session_id IN
       (SELECT id FROM sessions WHERE tenant_id = $1::text AND owner_end_user_id = ${p}::text))`,
  value: endUserId,
});

export const purgeCreatedBefore = (cutoff: Date): PurgeSelector => ({
  sql: (p) => `created_at < ${p}::timestamptz`,
  value: cutoff,
});

interface TokenRow {
  id: string;
  session_id: string;
  entity_type: string;
  label: string;
  key_version: number;
  value_ciphertext: Buffer | null;
  created_by_end_user: string | null;
  purged_at: Date | null;
}

const toRecord = (row: TokenRow): TokenRecord => ({
  id: row.id,
  sessionId: row.session_id,
  entityType: row.entity_type,
  label: row.label,
  keyVersion: row.key_version,
  ciphertext: row.value_ciphertext,
  createdByEndUser: row.created_by_end_user,
  purged: row.purged_at !== null,
});
