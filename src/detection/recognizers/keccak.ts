/**
 * Keccak-256 (the pre-standard padding Ethereum uses; node:crypto's sha3-256 differs only in
 * that padding, so it cannot stand in). Needed for EIP-55 address checksums. 64-bit lanes are
 * kept as two 32-bit halves: lane i is state[2i] (low) and state[2i + 1] (high).
 */

// prettier-ignore
const ROUND_CONSTANTS: readonly (readonly [number, number])[] = [
  [0x00000001, 0x00000000], [0x00008082, 0x00000000], [0x0000808a, 0x80000000], [0x80008000, 0x80000000],
  [0x0000808b, 0x00000000], [0x80000001, 0x00000000], [0x80008081, 0x80000000], [0x00008009, 0x80000000],
  [0x0000008a, 0x00000000], [0x00000088, 0x00000000], [0x80008009, 0x00000000], [0x8000000a, 0x00000000],
  [0x8000808b, 0x00000000], [0x0000008b, 0x80000000], [0x00008089, 0x80000000], [0x00008003, 0x80000000],
  [0x00008002, 0x80000000], [0x00000080, 0x80000000], [0x0000800a, 0x00000000], [0x8000000a, 0x80000000],
  [0x80008081, 0x80000000], [0x00008080, 0x80000000], [0x80000001, 0x00000000], [0x80008008, 0x80000000],
];

// Rotation offsets by lane index x + 5y.
// prettier-ignore
const ROTATIONS = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14];

const RATE_BYTES = 136;

function rotate(lo: number, hi: number, n: number): [number, number] {
  if (n === 0) return [lo, hi];
  if (n === 32) return [hi, lo];
  if (n < 32) return [((lo << n) | (hi >>> (32 - n))) >>> 0, ((hi << n) | (lo >>> (32 - n))) >>> 0];
  const m = n - 32;
  return [((hi << m) | (lo >>> (32 - m))) >>> 0, ((lo << m) | (hi >>> (32 - m))) >>> 0];
}

function permute(state: Uint32Array): void {
  const c = new Uint32Array(10);
  const b = new Uint32Array(50);
  for (const [rcLo, rcHi] of ROUND_CONSTANTS) {
    // theta
    for (let x = 0; x < 5; x++) {
      c[2 * x] =
        state[2 * x]! ^ state[2 * x + 10]! ^ state[2 * x + 20]! ^ state[2 * x + 30]! ^ state[2 * x + 40]!;
      c[2 * x + 1] =
        state[2 * x + 1]! ^ state[2 * x + 11]! ^ state[2 * x + 21]! ^ state[2 * x + 31]! ^ state[2 * x + 41]!;
    }
    for (let x = 0; x < 5; x++) {
      const prev = (x + 4) % 5;
      const next = (x + 1) % 5;
      const [rLo, rHi] = rotate(c[2 * next]!, c[2 * next + 1]!, 1);
      const dLo = c[2 * prev]! ^ rLo;
      const dHi = c[2 * prev + 1]! ^ rHi;
      for (let y = 0; y < 25; y += 5) {
        state[2 * (x + y)] = state[2 * (x + y)]! ^ dLo;
        state[2 * (x + y) + 1] = state[2 * (x + y) + 1]! ^ dHi;
      }
    }
    // rho and pi: B[y, 2x + 3y] = rot(A[x, y])
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++) {
        const from = x + 5 * y;
        const to = y + 5 * ((2 * x + 3 * y) % 5);
        const [lo, hi] = rotate(state[2 * from]!, state[2 * from + 1]!, ROTATIONS[from]!);
        b[2 * to] = lo;
        b[2 * to + 1] = hi;
      }
    }
    // chi
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) {
        const i = x + y;
        const i1 = ((x + 1) % 5) + y;
        const i2 = ((x + 2) % 5) + y;
        state[2 * i] = b[2 * i]! ^ (~b[2 * i1]! & b[2 * i2]!);
        state[2 * i + 1] = b[2 * i + 1]! ^ (~b[2 * i1 + 1]! & b[2 * i2 + 1]!);
      }
    }
    // iota
    state[0] = state[0]! ^ rcLo;
    state[1] = state[1]! ^ rcHi;
  }
}

/** Keccak-256 as Ethereum uses it (domain byte 0x01). */
export function keccak256(data: Uint8Array): Uint8Array {
  return sponge256(data, 0x01);
}

/**
 * The 256-bit sponge with the given padding domain byte: 0x01 is Keccak-256, 0x06 is SHA3-256
 * (exported so tests can check the permutation against node:crypto's SHA3-256).
 */
export function sponge256(data: Uint8Array, domain: number): Uint8Array {
  const padded = new Uint8Array(Math.floor(data.length / RATE_BYTES + 1) * RATE_BYTES);
  padded.set(data);
  padded[data.length] = padded[data.length]! ^ domain;
  padded[padded.length - 1] = padded[padded.length - 1]! ^ 0x80;

  const state = new Uint32Array(50);
  for (let offset = 0; offset < padded.length; offset += RATE_BYTES) {
    for (let i = 0; i < RATE_BYTES / 4; i++) {
      const p = offset + 4 * i;
      const word = padded[p]! | (padded[p + 1]! << 8) | (padded[p + 2]! << 16) | (padded[p + 3]! << 24);
      state[i] = state[i]! ^ (word >>> 0);
    }
    permute(state);
  }
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = (state[i >> 2]! >>> (8 * (i & 3))) & 0xff;
  return out;
}
