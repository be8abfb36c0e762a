import { describe, expect, it } from 'vitest';
import { revealStatus, type RevealCaller, type RevealScope } from '../../src/reveal/policy.js';
import type { TokenRecord } from '../../src/vault/token-cache.js';

const token = (over: Partial<TokenRecord> = {}): TokenRecord => ({
  id: 'abcd1234',
  sessionId: 'ses_A',
  entityType: 'PERSON',
  label: 'NAME',
  keyVersion: 1,
  ciphertext: Buffer.from('x'),
  createdByEndUser: 'alice',
  purged: false,
  ...over,
});

const caller = (endUserId: string | null, revealsAny = false): RevealCaller => ({ endUserId, revealsAny });
const scope = (over: Partial<RevealScope> = {}): RevealScope => ({ session: null, grant: null, ...over });

describe('reveal policy (SPEC 5.4)', () => {
  it('rule 1: the end user who created the token', () => {
    expect(revealStatus(caller('alice'), scope(), token())).toBe('revealed');
    expect(revealStatus(caller('bob'), scope(), token())).toBe('forbidden');
    expect(revealStatus(caller(null), scope(), token({ createdByEndUser: null }))).toBe('forbidden');
  });

  it('rule 2: the named session, unless it belongs to another end user', () => {
    const unowned = { id: 'ses_A', ownerEndUserId: null };
    const alices = { id: 'ses_A', ownerEndUserId: 'alice' };
    const t = token({ createdByEndUser: null });
    expect(revealStatus(caller(null), scope({ session: unowned }), t)).toBe('revealed');
    expect(revealStatus(caller('bob'), scope({ session: unowned }), t)).toBe('revealed');
    expect(revealStatus(caller('bob'), scope({ session: alices }), t)).toBe('forbidden');
    expect(revealStatus(caller(null), scope({ session: alices }), t)).toBe('forbidden');
    expect(revealStatus(caller('alice'), scope({ session: alices }), t)).toBe('revealed');
    // A token of another session is not covered by naming this one.
    expect(revealStatus(caller(null), scope({ session: { id: 'ses_B', ownerEndUserId: null } }), t)).toBe(
      'forbidden',
    );
  });

  it('rule 3: a grant by token or by subject', () => {
    const byToken = { id: 'g', subjectEndUserId: null, tokens: new Set(['abcd1234']) };
    const bySubject = { id: 'g', subjectEndUserId: 'alice', tokens: new Set<string>() };
    const otherSubject = { id: 'g', subjectEndUserId: 'carol', tokens: new Set(['zzzz9999']) };
    expect(revealStatus(caller('bob'), scope({ grant: byToken }), token())).toBe('revealed');
    expect(revealStatus(caller('bob'), scope({ grant: bySubject }), token())).toBe('revealed');
    expect(revealStatus(caller('bob'), scope({ grant: otherSubject }), token())).toBe('forbidden');
    expect(revealStatus(caller(null), scope({ grant: bySubject }), token({ createdByEndUser: null }))).toBe(
      'forbidden',
    );
  });

  it('rule 4: detokenize:any', () => {
    expect(
      revealStatus(caller(null, true), scope(), token({ createdByEndUser: 'zed', sessionId: 'ses_Z' })),
    ).toBe('revealed');
  });

  it('precedence: not_found, forbidden, purged, revealed; a refusal hides a purge', () => {
    expect(revealStatus(caller('alice'), scope(), undefined)).toBe('not_found');
    expect(revealStatus(caller('bob'), scope(), token({ purged: true, ciphertext: null }))).toBe('forbidden');
    expect(revealStatus(caller('alice'), scope(), token({ purged: true, ciphertext: null }))).toBe('purged');
  });
});
