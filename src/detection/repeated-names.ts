import type { KnownValue } from './known-values.js';
import type { Span } from './types.js';

/**
 * People the model found in a text, as values to look for again in the same text: a name the model
 * tags in one sentence ("Mamadou Cissé, Léa") and misses in the next ("Mamadou relance…") is the
 * same person. Each word of a longer name counts too ("Jana Wolff" … "Wolff said"), when it is
 * capitalised and has three letters or more, so particles and initials never spread.
 * `withKnownValues` then adds them where they occur verbatim as whole words and nothing else was
 * detected.
 */

const NAME_WORD = /^\p{Lu}[\p{L}\p{M}'’-]{2,}$/u;
const BETWEEN_WORDS = /[\s,/]+/u;

export function repeatedNames(text: string, spans: readonly Span[]): KnownValue[] {
  const values: KnownValue[] = [];
  for (const span of spans) {
    if (span.entity_type !== 'PERSON' || span.source !== 'ner') continue;
    const name = text.slice(span.start, span.end);
    values.push({ entity_type: span.entity_type, label: span.label, value: name });
    const words = name.split(BETWEEN_WORDS);
    if (words.length < 2) continue;
    for (const word of words)
      if (NAME_WORD.test(word))
        values.push({ entity_type: span.entity_type, label: span.label, value: word });
  }
  return values;
}
