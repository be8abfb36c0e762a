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
  /**
   * exp of start, end and transitions, each shifted by its own maximum (constant factors cancel
   * in the marginals), for forward-backward in probability space.
   */
  readonly expStart: Float64Array;
  readonly expEnd: Float64Array;
  readonly expTransitions: Float64Array;
}

function shiftedExp(values: Float64Array): Float64Array {
  let max = -Infinity;
  for (const v of values) if (v > max) max = v;
  return values.map((v) => Math.exp(v - max));
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
  const parameters = {
    size,
    start: Float64Array.from(start),
    end: Float64Array.from(end),
    transitions: Float64Array.from(transitions.flat()),
  };
  return {
    ...parameters,
    expStart: shiftedExp(parameters.start),
    expEnd: shiftedExp(parameters.end),
    expTransitions: shiftedExp(parameters.transitions),
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

/**
 * P(label j at step t | whole sequence), as steps * L probabilities: forward-backward in
 * probability space with each step rescaled to sum 1 (L exponentials per step instead of the 2·L²
 * a log-space version needs; it took a sixth of a 1 KB prompt's detection time).
 */
export function marginals(emissions: ArrayLike<number>, steps: number, crf: CrfParameters): Float64Array {
  const L = crf.size;
  const out = new Float64Array(steps * L);
  if (steps === 0) return out;
  // Emission potentials, each step shifted by its maximum.
  const psi = new Float64Array(steps * L);
  for (let t = 0; t < steps; t++) {
    let max = -Infinity;
    for (let j = 0; j < L; j++) max = Math.max(max, emissions[t * L + j]!);
    for (let j = 0; j < L; j++) psi[t * L + j] = Math.exp(emissions[t * L + j]! - max);
  }
  const trans = crf.expTransitions;
  const alpha = new Float64Array(steps * L);
  for (let j = 0; j < L; j++) alpha[j] = crf.expStart[j]! * psi[j]!;
  normalize(alpha, 0, L);
  for (let t = 1; t < steps; t++) {
    for (let j = 0; j < L; j++) {
      let sum = 0;
      for (let i = 0; i < L; i++) sum += alpha[(t - 1) * L + i]! * trans[i * L + j]!;
      alpha[t * L + j] = sum * psi[t * L + j]!;
    }
    normalize(alpha, t * L, L);
  }
  const beta = new Float64Array(steps * L);
  for (let j = 0; j < L; j++) beta[(steps - 1) * L + j] = crf.expEnd[j]!;
  normalize(beta, (steps - 1) * L, L);
  for (let t = steps - 2; t >= 0; t--) {
    for (let i = 0; i < L; i++) {
      let sum = 0;
      for (let j = 0; j < L; j++) sum += trans[i * L + j]! * psi[(t + 1) * L + j]! * beta[(t + 1) * L + j]!;
      beta[t * L + i] = sum;
    }
    normalize(beta, t * L, L);
  }
  for (let k = 0; k < steps * L; k++) out[k] = alpha[k]! * beta[k]!;
  for (let t = 0; t < steps; t++) normalize(out, t * L, L);
  return out;
}

/** Scales values[from, from + count) to sum 1 (left as is when they sum to 0). */
function normalize(values: Float64Array, from: number, count: number): void {
  let sum = 0;
  for (let k = from; k < from + count; k++) sum += values[k]!;
  if (sum > 0) for (let k = from; k < from + count; k++) values[k]! /= sum;
}
