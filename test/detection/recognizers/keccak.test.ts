import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keccak256, sponge256 } from '../../../src/detection/recognizers/keccak.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('keccak256', () => {
  it('matches the known Keccak-256 vectors', () => {
    expect(hex(keccak256(new Uint8Array()))).toBe(
      'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    );
    expect(hex(keccak256(Buffer.from('abc')))).toBe(
      '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
    );
  });

  it('is not SHA3-256 (the padding differs)', () => {
    expect(hex(keccak256(Buffer.from('abc')))).not.toBe(createHash('sha3-256').update('abc').digest('hex'));
  });

  it('runs the same permutation as SHA3-256, across block boundaries', () => {
    for (const n of [0, 1, 135, 136, 137, 272, 1000]) {
      const data = Buffer.alloc(n, 0x61);
      expect(hex(sponge256(data, 0x06)), `${n} bytes`).toBe(
        createHash('sha3-256').update(data).digest('hex'),
      );
    }
  });
});
