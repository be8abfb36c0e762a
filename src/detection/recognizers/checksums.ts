import { createHash } from 'node:crypto';

/** Luhn (mod 10) over a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function base58Decode(input: string): Uint8Array | null {
  let value = 0n;
  for (const ch of input) {
    const digit = BASE58_ALPHABET.indexOf(ch);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.push(Number(value & 0xffn));
    value >>= 8n;
  }
  // Each leading '1' stands for a leading zero byte.
  for (let i = 0; i < input.length && input[i] === '1'; i++) bytes.push(0);
  return Uint8Array.from(bytes.reverse());
}

function sha256(data: Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

/** Base58Check: the last 4 bytes are the first 4 bytes of SHA-256(SHA-256(payload)). Returns the payload. */
export function base58CheckDecode(input: string): Uint8Array | null {
  const bytes = base58Decode(input);
  if (!bytes || bytes.length < 5) return null;
  const payload = bytes.subarray(0, bytes.length - 4);
  const checksum = sha256(sha256(payload));
  for (let i = 0; i < 4; i++) if (checksum[i] !== bytes[bytes.length - 4 + i]) return null;
  return payload;
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function bech32Polymod(values: number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = (((chk & 0x1ffffff) << 5) ^ v) >>> 0;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk = (chk ^ generators[i]!) >>> 0;
  }
  return chk;
}

function hrpExpand(hrp: string): number[] {
  const high = [...hrp].map((c) => c.charCodeAt(0) >> 5);
  const low = [...hrp].map((c) => c.charCodeAt(0) & 31);
  return [...high, 0, ...low];
}

export interface Bech32Decoded {
  hrp: string;
  /** 5-bit words without the checksum. */
  words: number[];
  variant: 'bech32' | 'bech32m';
}

/** BIP-173 / BIP-350 decoding; mixed case is invalid. */
export function bech32Decode(input: string): Bech32Decoded | null {
  if (input.length > 90 || (input !== input.toLowerCase() && input !== input.toUpperCase())) return null;
  const lower = input.toLowerCase();
  const sep = lower.lastIndexOf('1');
  if (sep < 1 || sep + 7 > lower.length) return null;
  const hrp = lower.slice(0, sep);
  const words: number[] = [];
  for (const ch of lower.slice(sep + 1)) {
    const w = BECH32_CHARSET.indexOf(ch);
    if (w < 0) return null;
    words.push(w);
  }
  const check = bech32Polymod([...hrpExpand(hrp), ...words]);
  const variant = check === BECH32_CONST ? 'bech32' : check === BECH32M_CONST ? 'bech32m' : null;
  if (!variant) return null;
  return { hrp, words: words.slice(0, -6), variant };
}

/** Regroups 5-bit words into bytes (BIP-173 `convertbits` without padding). */
export function fiveBitToBytes(words: number[]): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const w of words) {
    acc = (acc << 5) | w;
    bits += 5;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
    acc &= (1 << bits) - 1;
  }
  if (bits >= 5 || acc !== 0) return null;
  return out;
}
