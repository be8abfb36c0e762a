/** BIO labels of our tokens from character spans: the shared step between corpora and training rows. */
import type { Token } from '../../src/detection/ner/tokenizer.js';
import type { CharSpan, EntityKind } from './corpora.js';

export const LABELS = [
  'O',
  'B-PERSON',
  'I-PERSON',
  'B-LOCATION',
  'I-LOCATION',
  'B-ORGANIZATION',
  'I-ORGANIZATION',
] as const;

const BEGIN: Record<EntityKind, number> = { PERSON: 1, LOCATION: 3, ORGANIZATION: 5 };

/** A token takes the type of the span it overlaps; the first such token of a span is B-, the rest I-. */
export function bioLabels(tokens: readonly Token[], spans: readonly CharSpan[]): number[] {
  const labels = new Array<number>(tokens.length).fill(0);
  for (const span of spans) {
    let first = true;
    tokens.forEach((token, i) => {
      if (token.end <= span.start || token.start >= span.end) return;
      labels[i] = BEGIN[span.type] + (first ? 0 : 1);
      first = false;
    });
  }
  return labels;
}
