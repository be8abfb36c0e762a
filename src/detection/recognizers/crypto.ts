import { allMatches } from '../all-matches.js';
import type { Span } from '../types.js';
import { base58CheckDecode, bech32Decode, fiveBitToBytes } from './checksums.js';
import { keccak256 } from './keccak.js';
import { patternSpan } from './pattern-span.js';

/**
 * Crypto wallet addresses, each confirmed by its checksum: Base58Check (Bitcoin P2PKH/P2SH,
 * Litecoin, Dogecoin), bech32/bech32m segwit addresses (bc1…, ltc1…, tb1…), and Ethereum
 * 0x addresses (EIP-55 checksum when written in mixed case; all-lower or all-upper has none).
 */

const SCORE_CHECKSUM = 0.95;
/** An all-lower or all-upper Ethereum address carries no checksum. */
const SCORE_UNCHECKED_HEX = 0.9;

const BASE58 = /(?<![A-Za-z0-9])[13LMD][1-9A-HJ-NP-Za-km-z]{25,34}(?![A-Za-z0-9])/g;
const SEGWIT = /(?<![A-Za-z0-9])(?:bc|tb|ltc)1[ac-hj-np-z02-9]{8,87}(?![A-Za-z0-9])/gi;
const ETHEREUM = /(?<![A-Za-z0-9])0x[0-9a-fA-F]{40}(?![A-Za-z0-9])/g;

// Version bytes: Bitcoin P2PKH 0x00 and P2SH 0x05, Litecoin 0x30 and 0x32, Dogecoin 0x1e and 0x16.
const BASE58_VERSIONS = new Set([0x00, 0x05, 0x30, 0x32, 0x1e, 0x16]);
const SEGWIT_HRPS = new Set(['bc', 'tb', 'ltc']);

function isBase58Address(candidate: string): boolean {
  const payload = base58CheckDecode(candidate);
  return payload !== null && payload.length === 21 && BASE58_VERSIONS.has(payload[0]!);
}

/** BIP-173/350: witness version 0 uses bech32 with a 20 or 32 byte program, versions 1-16 bech32m. */
function isSegwitAddress(candidate: string): boolean {
  const decoded = bech32Decode(candidate);
  if (!decoded || !SEGWIT_HRPS.has(decoded.hrp) || decoded.words.length < 1) return false;
  const version = decoded.words[0]!;
  const program = fiveBitToBytes(decoded.words.slice(1));
  if (!program || program.length < 2 || program.length > 40 || version > 16) return false;
  if (version === 0) return decoded.variant === 'bech32' && (program.length === 20 || program.length === 32);
  return decoded.variant === 'bech32m';
}

/** EIP-55: a letter is upper-case exactly when the matching nibble of keccak256(lower-case hex) is >= 8. */
export function isEip55Checksummed(hex40: string): boolean {
  const lower = hex40.toLowerCase();
  const hash = keccak256(new TextEncoder().encode(lower));
  for (let i = 0; i < 40; i++) {
    const ch = hex40[i]!;
    if (ch >= '0' && ch <= '9') continue;
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    if (nibble >= 8 !== (ch !== ch.toLowerCase())) return false;
  }
  return true;
}

function ethereumScore(candidate: string): number | null {
  const hex = candidate.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return SCORE_UNCHECKED_HEX;
  return isEip55Checksummed(hex) ? SCORE_CHECKSUM : null;
}

export function findCryptoWalletSpans(text: string): Span[] {
  const spans: Span[] = [];
  // The same address often recurs in a text; each is checked once.
  const verdicts = new Map<string, number | null>();
  const check = (m: RegExpMatchArray, score: (candidate: string) => number | null) => {
    let verdict = verdicts.get(m[0]);
    if (verdict === undefined) {
      verdict = score(m[0]);
      verdicts.set(m[0], verdict);
    }
    if (verdict !== null) spans.push(patternSpan('CRYPTO_WALLET', m.index!, m.index! + m[0].length, verdict));
  };
  for (const m of allMatches(BASE58, text)) check(m, (c) => (isBase58Address(c) ? SCORE_CHECKSUM : null));
  for (const m of allMatches(SEGWIT, text)) check(m, (c) => (isSegwitAddress(c) ? SCORE_CHECKSUM : null));
  for (const m of allMatches(ETHEREUM, text)) check(m, ethereumScore);
  return spans;
}
