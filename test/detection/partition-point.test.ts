import { describe, expect, it } from 'vitest';
import { partitionPoint } from '../../src/detection/partition-point.js';

describe('partitionPoint', () => {
  it('finds the first item the predicate rejects, at every position and in empty input', () => {
    const sorted = [1, 3, 3, 5, 8];
    for (let limit = 0; limit <= 9; limit++) {
      const want = sorted.findIndex((n) => n >= limit);
      expect(
        partitionPoint(sorted, (n) => n < limit),
        `limit ${limit}`,
      ).toBe(want === -1 ? sorted.length : want);
    }
    expect(partitionPoint([], () => true)).toBe(0);
    expect(partitionPoint([1, 2], () => true)).toBe(2);
  });
});
