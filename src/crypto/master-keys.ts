import { hkdfSync } from 'node:crypto';

/** Purpose subkeys derived from SERVICE_MASTER_KEY (DESIGN 3): one key never serves two purposes. */
export type KeyPurpose = 'data-key-wrapping' | 'provider-key-hmac';

export function deriveSubkey(masterKey: Buffer, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `service/${purpose}/v1`, 32));
}
