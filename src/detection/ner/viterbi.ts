/**
 * Linear-chain CRF decoding for one sequence: the best label path (Viterbi) and per-token marginal
 * probabilities (forward-backward), from the model's emission scores and the exported transitions.
 */
export interface CrfParameters {
  /** Label count L. */
  readonly size: number;
  readonly start: Float64Array;
  readonly end: Float64Array;
  /** transitions[from * L + to] */
  readonly transitions: Float64Array;
}

export function crfParameters(
  start: readonly number[],
  end: readonly number[],
  transitions: readonly (readonly number[])[],
): CrfParameters {
  const size = start.length;
  if (end.length !== size || transitions.length !== size || transitions.some((row) => row.length !== size)) {
    throw new Error('CRF parameters have inconsistent sizes');
  }
  return {
    size,
    start: Float64Array.from(start),
    end: Float64Array.from(end),
    transitions: Float64Array.from(transitions.flat()),
  };
}

/** emissions holds steps * L scores, row-major. Returns one label index per step. */
export function viterbi(emissions: ArrayLike<number>, steps: number, crf: CrfParameters): number[] {
  const L = crf.size;
  if (steps === 0) return [];
  let score = new Float64Array(L);
  for (let j = 0; j < L; j++) score[j] = crf.start[j]! + emissions[j]!;
  const back = new Int32Array(steps * L);
  for (let t = 1; t < steps; t++) {
    const next = new Float64Array(L);
    for (let j = 0; j < L; j++) {
      let best = -Infinity;
      let arg = 0;
      for (let i = 0; i < L; i++) {
        const s = score[i]! + crf.transitions[i * L + j]!;
        if (s > best) {
          best = s;
          arg = i;
        }
      }
      next[j] = best + emissions[t * L + j]!;
      back[t * L + j] = arg;
    }
    score = next;
  }
  let last = 0;
  for (let j = 1; j < L; j++) if (score[j]! + crf.end[j]! > score[last]! + crf.end[last]!) last = j;
  const path = new Array<number>(steps);
  path[steps - 1] = last;
  for (let t = steps - 1; t > 0; t--) path[t - 1] = back[t * L + path[t]!]!;
  return path;
}

function logSumExp(values: Float64Array): number {
  let max = -Infinity;
  for (const v of values) if (v > max) max = v;
  if (max === -Infinity) return -Infinity;
  let sum = 0;
  for (const v of values) sum += Math.exp(v - max);
  return max + Math.log(sum);
}

/** P(label j at step t | whole sequence), as steps * L probabilities. */
export function marginals(emissions: ArrayLike<number>, steps: number, crf: CrfParameters): Float64Array {
  const L = crf.size;
  const alpha = new Float64Array(steps * L);
  const beta = new Float64Array(steps * L);
  const terms = new Float64Array(L);
  for (let j = 0; j < L; j++) alpha[j] = crf.start[j]! + emissions[j]!;
  for (let t = 1; t < steps; t++) {
    for (let j = 0; j < L; j++) {
      for (let i = 0; i < L; i++) terms[i] = alpha[(t - 1) * L + i]! + crf.transitions[i * L + j]!;
      alpha[t * L + j] = logSumExp(terms) + emissions[t * L + j]!;
    }
  }
  for (let j = 0; j < L; j++) beta[(steps - 1) * L + j] = crf.end[j]!;
  for (let t = steps - 2; t >= 0; t--) {
    for (let i = 0; i < L; i++) {
      for (let j = 0; j < L; j++)
        terms[j] = crf.transitions[i * L + j]! + emissions[(t + 1) * L + j]! + beta[(t + 1) * L + j]!;
      beta[t * L + i] = logSumExp(terms);
    }
  }
  for (let j = 0; j < L; j++) terms[j] = alpha[(steps - 1) * L + j]! + crf.end[j]!;
  const logZ = logSumExp(terms);
  const out = new Float64Array(steps * L);
  for (let k = 0; k < steps * L; k++) out[k] = Math.exp(alpha[k]! + beta[k]! - logZ);
  return out;
}
