import { fnv1a } from '../../../src/detection/ner/word-index.js';

/** A seeded PRNG (mulberry32) so the generated corpus is identical on every run. */
export interface Random {
  next(): number;
  int(maxExclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (maxExclusive: number) => Math.floor(next() * maxExclusive);
  return {
    next,
    int,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(items.length)]!;
    },
    chance: (probability) => next() < probability,
  };
}

/** Stable split of a value into training or evaluation, independent of the order lists are read in. */
export function isHeldOut(value: string, percent: number): boolean {
  return fnv1a(value) % 100 < percent;
}
