import type { Token } from './tokenizer.js';

export interface TaggedSpan {
  entityType: string;
  start: number;
  end: number;
  score: number;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** A trailing dot stays when it closes an abbreviation (S.p.A., Inc., Jr.): attached to a short word. */
function keepsTrailingDot(tokens: readonly Token[], last: number): boolean {
  const dot = tokens[last]!;
  const before = tokens[last - 1];
  return (
    dot.text === '.' &&
    before !== undefined &&
    before.end === dot.start &&
    before.text.length <= 4 &&
    WORD_CHAR.test(before.text)
  );
}

/**
 * Turns a BIO label path into character spans. A stray I-X (after O or another type) opens a new
 * entity. Symbols at either end (emoji, quotes, dashes) are trimmed off. The score is the mean
 * marginal probability of the chosen labels over the span's remaining tokens.
 */
export function decodeSpans(
  tokens: readonly Token[],
  path: readonly number[],
  probabilities: Float64Array,
  labels: readonly string[],
): TaggedSpan[] {
  const spans: TaggedSpan[] = [];
  const L = labels.length;
  let open: { type: string; first: number; last: number; probabilities: number[] } | undefined;
  const close = () => {
    if (!open) return;
    let { first, last } = open;
    while (first <= last && !WORD_CHAR.test(tokens[first]!.text)) first++;
    while (last >= first && !WORD_CHAR.test(tokens[last]!.text) && !keepsTrailingDot(tokens, last)) last--;
    if (first <= last) {
      const kept = open.probabilities.slice(first - open.first, last - open.first + 1);
      const score = kept.reduce((sum, p) => sum + p, 0) / kept.length;
      spans.push({ entityType: open.type, start: tokens[first]!.start, end: tokens[last]!.end, score });
    }
    open = undefined;
  };
  path.forEach((labelIndex, t) => {
    const label = labels[labelIndex] ?? 'O';
    const probability = probabilities[t * L + labelIndex] ?? 0;
    const type = label.slice(2);
    if (label.startsWith('I-') && open?.type === type) {
      open.last = t;
      open.probabilities.push(probability);
      return;
    }
    close();
    if (label !== 'O') open = { type, first: t, last: t, probabilities: [probability] };
  });
  close();
  return spans;
}
