import { describe, expect, it } from 'vitest';
import {
  base58CheckDecode,
  base58Decode,
  bech32Decode,
  fiveBitToBytes,
  luhnValid,
} from '../../../src/detection/recognizers/checksums.js';

describe('checksums', () => {
  it('computes Luhn', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4111a11111111111')).toBe(false);
  });

  it('decodes base58 with leading zero bytes', () => {
    expect(Buffer.from(base58Decode('1112')!).toString('hex')).toBe('00000001');
    expect(Buffer.from(base58Decode('5Q')!).toString('hex')).toBe('ff');
    expect(base58Decode('0OIl')).toBeNull();
  });

  it('checks Base58Check', () => {
    const payload = base58CheckDecode('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    expect(payload).not.toBeNull();
    expect(payload![0]).toBe(0);
    expect(Buffer.from(payload!.subarray(1)).toString('hex')).toBe(
      '62e907b15cbf27d5425399ebf6f0fb50ebb88f18',
    );
    expect(base58CheckDecode('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBeNull();
  });

  it('decodes BIP-173 and BIP-350 strings and tells the variants apart', () => {
    const v0 = bech32Decode('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4');
    expect(v0).toMatchObject({ hrp: 'bc', variant: 'bech32' });
    expect(v0!.words[0]).toBe(0);
    expect(Buffer.from(fiveBitToBytes(v0!.words.slice(1))!).toString('hex')).toBe(
      '751e76e8199196d454941c45d1b3a323f1433bd6',
    );
    expect(bech32Decode('bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297')?.variant).toBe(
      'bech32m',
    );
    expect(bech32Decode('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBeNull();
    expect(bech32Decode('bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeNull();
    expect(bech32Decode('1qzzfhee')).toBeNull();
  });
});
