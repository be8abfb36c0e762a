import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ServiceError } from '../errors.js';
import type { Scope } from '../credentials/scopes.js';
import { originAllowed } from '../credentials/origins.js';
import type { CredentialRecord, CredentialStore } from './credential-store.js';
import type { RateLimits } from './rate-limit.js';

/** Who is calling the client API, after authentication. */
export type Caller = Omit<CredentialRecord, 'revoked'> & { origin: string | null };

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}

export interface ClientAuthDeps {
  credentials: CredentialStore;
  rateLimits: RateLimits;
}

async function authenticate(deps: ClientAuthDeps, request: FastifyRequest): Promise<Caller> {
  const presented = bearerToken(request);
  if (!presented) throw new ServiceError('unauthorized', 'missing bearer credential');
  const record = await deps.credentials.find(presented);
  if (!record || record.revoked) throw new ServiceError('unauthorized', 'unknown or revoked credential');
  if (record.expiresAt && record.expiresAt.getTime() <= Date.now()) {
    throw new ServiceError('session_expired', 'client session expired; mint a new one');
  }
  const { revoked: _revoked, ...rest } = record;
  const origin = typeof request.headers.origin === 'string' ? request.headers.origin : null;
  return { ...rest, origin };
}

function rateLimitKey(caller: Caller): { key: string; perMinute: number } {
  const limits = caller.settings.rate_limits;
  switch (caller.kind) {
    case 'secret':
      return { key: `${caller.tenantId}:${caller.credentialId}`, perMinute: limits.secret_per_minute };
    case 'publishable':
      return {
        key: `${caller.tenantId}:${caller.credentialId}:${caller.origin ?? '-'}`,
        perMinute: limits.publishable_per_minute,
      };
    case 'device':
    case 'client_session':
      return { key: `${caller.tenantId}:${caller.credentialId}`, perMinute: limits.client_per_minute };
  }
}

/**
 * The client API guard, in DESIGN 5's order: 401 (credential) → 429 (rate) → 403 (scope, origin).
 * Checks on the body (413, then 400) are the route's, after this.
 */
export function clientAuth(
  deps: ClientAuthDeps,
  options: { scope?: Scope | Scope[] } = {},
): preHandlerAsyncHookHandler {
  return async (request) => {
    const caller = await authenticate(deps, request);
    const { key, perMinute } = rateLimitKey(caller);
    await deps.rateLimits.consume(key, perMinute);
    const anyOf = options.scope === undefined ? [] : ([] as Scope[]).concat(options.scope);
    if (anyOf.length && !anyOf.some((s) => caller.scopes.includes(s))) {
      throw new ServiceError('forbidden', `credential lacks scope ${anyOf.join(' or ')}`);
    }
    if (caller.kind === 'publishable' && !originAllowed(caller.origin ?? undefined, caller.allowedOrigins)) {
      throw new ServiceError('origin_not_allowed', 'origin not allowed for this publishable key');
    }
    request.caller = caller;
  };
}

/** The authenticated caller of a route guarded by clientAuth. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('route is missing its clientAuth guard');
  return request.caller;
}
