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

  it('agrees with log-space forward-backward on long random sequences, large scores and forbidden moves', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    for (const [L, steps, scale] of [
      [7, 200, 5],
      [7, 60, 80],
      [3, 1, 3],
      [5, 500, 20],
    ] as const) {
      const start = Array.from({ length: L }, () => random() * 3);
      const end = Array.from({ length: L }, () => random() * 3);
      const transitions = Array.from({ length: L }, (_, i) =>
        Array.from({ length: L }, (_, j) => (i !== j && (i + j) % 4 === 0 ? -10_000 : random() * 15)),
      );
      const params = crfParameters(start, end, transitions);
      const emissions = Array.from({ length: steps * L }, () => random() * scale);
      const expected = logSpaceMarginals(emissions, steps, params);
      const actual = marginals(emissions, steps, params);
      for (let k = 0; k < steps * L; k++) expect(actual[k]).toBeCloseTo(expected[k]!, 9);
    }
  });
});

/** The textbook log-space version, as a reference. */
function logSpaceMarginals(
  emissions: readonly number[],
  steps: number,
  crf: ReturnType<typeof crfParameters>,
): number[] {
  const L = crf.size;
  const logSumExp = (values: number[]) => {
    const max = Math.max(...values);
    return max === -Infinity ? max : max + Math.log(values.reduce((a, v) => a + Math.exp(v - max), 0));
  };
  const alpha: number[] = [];
  const beta: number[] = new Array<number>(steps * L);
  for (let j = 0; j < L; j++) alpha[j] = crf.start[j]! + emissions[j]!;
  for (let t = 1; t < steps; t++)
    for (let j = 0; j < L; j++)
      alpha[t * L + j] =
        logSumExp(
          Array.from({ length: L }, (_, i) => alpha[(t - 1) * L + i]! + crf.transitions[i * L + j]!),
        ) + emissions[t * L + j]!;
  for (let j = 0; j < L; j++) beta[(steps - 1) * L + j] = crf.end[j]!;
  for (let t = steps - 2; t >= 0; t--)
    for (let i = 0; i < L; i++)
      beta[t * L + i] = logSumExp(
        Array.from(
          { length: L },
          (_, j) => crf.transitions[i * L + j]! + emissions[(t + 1) * L + j]! + beta[(t + 1) * L + j]!,
        ),
      );
  const logZ = logSumExp(Array.from({ length: L }, (_, j) => alpha[(steps - 1) * L + j]! + crf.end[j]!));
  return alpha.map((a, k) => Math.exp(a + beta[k]! - logZ));
}
