import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { open, seal } from '../../src/vault/envelope.js';

describe('envelope (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('opens what it sealed, only under the same key and AAD', () => {
    const sealed = seal(key, Buffer.from('Maria Rossi'), 'token:ten_a:abcd1234');
    expect(open(key, sealed, 'token:ten_a:abcd1234').toString('utf8')).toBe('Maria Rossi');
    expect(() => open(key, sealed, 'token:ten_b:abcd1234')).toThrow();
    expect(() => open(randomBytes(32), sealed, 'token:ten_a:abcd1234')).toThrow();
  });

  it('gives every seal its own IV, across the blocks IVs are cut from', () => {
    const ivs = Array.from({ length: 1000 }, () =>
      seal(key, Buffer.from('x'), 'aad').subarray(0, 12).toString('hex'),
    );
    expect(new Set(ivs).size).toBe(1000);
  });
});
