import type { Span } from '../../src/detection/types.js';

/** A model span of `type` over the first occurrence of `value` in `text` at or after `from`. */
export function spanOf(text: string, value: string, type = 'PERSON', score = 0.9, from = 0): Span {
  const start = text.indexOf(value, from);
  if (start < 0) throw new Error(`"${value}" is not in "${text}"`);
  return { entity_type: type, label: type, start, end: start + value.length, score, source: 'ner' };
}
