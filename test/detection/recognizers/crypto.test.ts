import { describe, expect, it } from 'vitest';
import { findCryptoWalletSpans, isEip55Checksummed } from '../../../src/detection/recognizers/crypto.js';
import { longText, valuesOf } from './helpers.js';

const wallets = (text: string) => valuesOf(text, findCryptoWalletSpans(text));

// EIP-55's own examples.
const EIP55 = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('findCryptoWalletSpans', () => {
  it.each([
    ['Bitcoin P2PKH', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['Bitcoin P2SH', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['Bitcoin segwit v0 (bech32)', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['Bitcoin segwit v0, upper case', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
    ['Bitcoin taproot (bech32m)', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297'],
    ['Ethereum, lower case', '0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae'],
    ...EIP55.map((a) => ['Ethereum, EIP-55', a]),
  ])('finds %s', (_name, address) => {
    expect(wallets(`send to ${address} today`)).toEqual([address]);
    expect(findCryptoWalletSpans(address)[0]).toMatchObject({
      entity_type: 'CRYPTO_WALLET',
      label: 'CRYPTO',
      source: 'pattern',
      start: 0,
      end: address.length,
    });
  });

  it('refuses addresses with a broken checksum', () => {
    for (const text of [
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', // base58check
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLz',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr', // bech32
      'bc1qW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', // mixed case
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', // EIP-55 (last letter's case flipped)
      '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae', // 39 hex digits
      '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaedd', // 41 hex digits
    ]) {
      expect(wallets(text), text).toEqual([]);
    }
  });

  it('checks EIP-55 exactly', () => {
    for (const address of EIP55) expect(isEip55Checksummed(address.slice(2))).toBe(true);
    expect(isEip55Checksummed('5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(false);
  });

  it('finds adjacent addresses and scans 200,000 characters', () => {
    expect(wallets(`${EIP55[0]},${EIP55[1]}`)).toEqual([EIP55[0], EIP55[1]]);
    expect(wallets(longText('BTC 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'))).toEqual(
      Array(3).fill('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'),
    );
    expect(wallets('1'.repeat(200_000))).toEqual([]);
  });
});
