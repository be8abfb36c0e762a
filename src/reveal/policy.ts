import type { TokenRecord } from '../vault/token-cache.js';

export type RevealStatus = 'revealed' | 'forbidden' | 'purged' | 'not_found';

export interface RevealCaller {
  endUserId: string | null;
  /** The key holds `detokenize:any` (secret keys that opted in). */
  revealsAny: boolean;
}

/** A grant that passed its checks (tenant, expiry, revocation, grantee) and may be applied. */
export interface ApplicableGrant {
  id: string;
  subjectEndUserId: string | null;
  tokens: ReadonlySet<string>;
}

export interface RevealScope {
  /** The session the caller names, with its owner. */
  session: { id: string; ownerEndUserId: string | null } | null;
  grant: ApplicableGrant | null;
}

/** SPEC 5.4: may this caller see this token's value? One of the four rules must hold. */
export function mayReveal(caller: RevealCaller, scope: RevealScope, token: TokenRecord): boolean {
  // 1. The caller's end user created the token.
  if (caller.endUserId !== null && token.createdByEndUser === caller.endUserId) return true;
  // 2. The token is in the session the caller names, and that session is not another end user's.
  const s = scope.session;
  if (s && token.sessionId === s.id && (s.ownerEndUserId === null || s.ownerEndUserId === caller.endUserId)) {
    return true;
  }
  // 3. A grant covers it: by token, or by the end user who created it.
  const g = scope.grant;
  if (
    g &&
    (g.tokens.has(token.id) || (g.subjectEndUserId !== null && token.createdByEndUser === g.subjectEndUserId))
  ) {
    return true;
  }
  // 4. The key may reveal anything of its tenant.
  return caller.revealsAny;
}

/**
 * Per-token status in DESIGN 4b's precedence: not_found, then forbidden, then purged, then revealed.
 * A refused token never tells whether it was purged.
 */
export function revealStatus(
  caller: RevealCaller,
  scope: RevealScope,
  token: TokenRecord | undefined,
): RevealStatus {
  if (!token) return 'not_found';
  if (!mayReveal(caller, scope, token)) return 'forbidden';
  if (token.purged) return 'purged';
  return 'revealed';
}
