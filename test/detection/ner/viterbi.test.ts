import { describe, expect, it } from 'vitest';
import { crfParameters, marginals, viterbi } from '../../../src/detection/ner/viterbi.js';

// Labels 0 = O, 1 = B, 2 = I; I may not follow O.
const NEG = -100;
const crf = crfParameters(
  [0, 0, NEG],
  [0, 0, 0],
  [
    [0, 0, NEG],
    [0, 0, 1],
    [0, 0, 0],
  ],
);

function bruteForce(
  emissions: number[],
  steps: number,
): { best: number[]; logZ: number; scores: Map<string, number> } {
  const L = 3;
  const scores = new Map<string, number>();
  let best: number[] = [];
  let bestScore = -Infinity;
  const total = L ** steps;
  for (let code = 0; code < total; code++) {
    const path = Array.from({ length: steps }, (_, t) => Math.floor(code / L ** t) % L);
    let s = [0, 0, NEG][path[0]!]! + emissions[path[0]!]!;
    for (let t = 1; t < steps; t++) {
      const transitions = [
        [0, 0, NEG],
        [0, 0, 1],
        [0, 0, 0],
      ];
      s += transitions[path[t - 1]!]![path[t]!]! + emissions[t * L + path[t]!]!;
    }
    scores.set(path.join(','), s);
    if (s > bestScore) {
      bestScore = s;
      best = path;
    }
  }
  const max = Math.max(...scores.values());
  const logZ = max + Math.log([...scores.values()].reduce((a, v) => a + Math.exp(v - max), 0));
  return { best, logZ, scores };
}

describe('viterbi', () => {
  it('prefers a legal path over the per-token argmax', () => {
    // Per-token argmax would be O, I, I, which is illegal (I after O).
    const emissions = [2, 0, 0, 0, 1.5, 2, 0, 0, 1];
    expect(viterbi(emissions, 3, crf)).toEqual([0, 1, 2]);
  });

  it('matches brute force on a hand matrix', () => {
    const emissions = [0.3, 1.2, -0.5, 0.1, 0.2, 0.9, 1.1, -0.3, 0.4, 0.0, 0.8, 0.7];
    expect(viterbi(emissions, 4, crf)).toEqual(bruteForce(emissions, 4).best);
  });

  it('returns an empty path for an empty sequence and a single label for one token', () => {
    expect(viterbi([], 0, crf)).toEqual([]);
    expect(viterbi([0, 3, 1], 1, crf)).toEqual([1]);
  });
});

describe('marginals', () => {
  it('equals brute-force posteriors and sums to one per token', () => {
    const emissions = [0.3, 1.2, -0.5, 0.1, 0.2, 0.9, 1.1, -0.3, 0.4];
    const { logZ, scores } = bruteForce(emissions, 3);
    const probabilities = marginals(emissions, 3, crf);
    for (let t = 0; t < 3; t++) {
      let sum = 0;
      for (let j = 0; j < 3; j++) {
        let expected = 0;
        for (const [path, s] of scores) if (path.split(',')[t] === String(j)) expected += Math.exp(s - logZ);
        expect(probabilities[t * 3 + j]).toBeCloseTo(expected, 9);
        sum += probabilities[t * 3 + j]!;
      }
      expect(sum).toBeCloseTo(1, 9);
    }
  });
});
