import type { Token } from './tokenizer.js';

export interface TaggedSpan {
  entityType: string;
  start: number;
  end: number;
  score: number;
}

/**
 * Turns a BIO label path into character spans. A stray I-X (after O or another type) opens a new
 * entity. The score is the mean marginal probability of the chosen labels over the span's tokens.
 */
export function decodeSpans(
  tokens: readonly Token[],
  path: readonly number[],
  probabilities: Float64Array,
  labels: readonly string[],
): TaggedSpan[] {
  const spans: TaggedSpan[] = [];
  const L = labels.length;
  let open: { type: string; first: number; last: number; total: number } | undefined;
  const close = () => {
    if (!open) return;
    const count = open.last - open.first + 1;
    spans.push({
      entityType: open.type,
      start: tokens[open.first]!.start,
      end: tokens[open.last]!.end,
      score: open.total / count,
    });
    open = undefined;
  };
  path.forEach((labelIndex, t) => {
    const label = labels[labelIndex] ?? 'O';
    const probability = probabilities[t * L + labelIndex] ?? 0;
    const type = label.slice(2);
    if (label.startsWith('I-') && open?.type === type) {
      open.last = t;
      open.total += probability;
      return;
    }
    close();
    if (label !== 'O') open = { type, first: t, last: t, total: probability };
  });
  close();
  return spans;
}
