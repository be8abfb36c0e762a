import { z } from 'zod';

export const SCOPES = [
  'client_session:create',
  'reveal_grant:create',
  'tokenize',
  'detokenize:own',
  'detokenize:any',
  'proxy:forward',
] as const;
export type Scope = (typeof SCOPES)[number];
export const scopeSchema = z.enum(SCOPES);

export type KeyKind = 'secret' | 'publishable' | 'device';
export type CredentialKind = KeyKind | 'client_session';

/** SPEC 5.3: what each kind holds by default. `detokenize:any` is opt-in for secret keys only. */
export const DEFAULT_SCOPES: Record<CredentialKind, Scope[]> = {
  secret: ['client_session:create', 'reveal_grant:create', 'tokenize', 'detokenize:own', 'proxy:forward'],
  publishable: ['tokenize', 'detokenize:own', 'proxy:forward'],
  device: ['tokenize', 'detokenize:own', 'proxy:forward'],
  client_session: ['tokenize', 'detokenize:own', 'proxy:forward'],
};

/** Scopes only a secret key may ever hold; requested for any other kind they are dropped, not granted. */
const PRIVILEGED: ReadonlySet<Scope> = new Set([
  'client_session:create',
  'reveal_grant:create',
  'detokenize:any',
]);

export function grantableScopes(kind: CredentialKind, requested: readonly Scope[] | undefined): Scope[] {
  const wanted = requested ?? DEFAULT_SCOPES[kind];
  const kept = kind === 'secret' ? wanted : wanted.filter((s) => !PRIVILEGED.has(s));
  return SCOPES.filter((s) => kept.includes(s));
}
