import { randomBase62 } from '../crypto/random-ids.js';
import type { CredentialKind, KeyKind } from './scopes.js';

/** DESIGN 4: the prefix says the kind; the rest is 32 base62 characters (~190 bits). */
export const KEY_PREFIX: Record<CredentialKind, string> = {
  secret: 'xsk_live_',
  publishable: 'xpk_live_',
  device: 'xdk_',
  client_session: 'xcs_',
};

const SECRET_LENGTH = 32;
const SHAPE = /^(xsk_live_|xpk_live_|xdk_|xcs_)[0-9A-Za-z]{32}$/;

export function mintCredential(kind: CredentialKind): string {
  return KEY_PREFIX[kind] + randomBase62(SECRET_LENGTH);
}

/** The kind a presented credential claims by its prefix, or null when it has none of our shapes. */
export function credentialKindOf(credential: string): CredentialKind | null {
  const m = SHAPE.exec(credential);
  if (!m) return null;
  const prefix = m[1];
  return (
    (Object.entries(KEY_PREFIX).find(([, p]) => p === prefix)?.[0] as CredentialKind | undefined) ?? null
  );
}

/** What the console shows of a key: its kind prefix and the first four secret characters. */
export function displayPrefix(kind: KeyKind, key: string): string {
  return key.slice(0, KEY_PREFIX[kind].length + 4);
}
