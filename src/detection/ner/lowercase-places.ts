import type { Span } from '../types.js';

/**
 * A place's span written all in lower case is kept only when one of its words is a known place, or a
 * known name (the model sometimes types a lower-case name as a place, "copia giulia"): the model
 * reads lower-case words after a preposition of place as a place where nothing else says so ("bici
 * solo in cantina", "chaudière à granulés", "la trasferta può"). Places written in lower case in
 * prompts are mostly towns our lists hold ("i live in portland").
 */
const UPPER = /\p{Lu}/u;
const WORD = /[\p{L}\p{M}]+/gu;

export function withoutUnknownLowercasePlaces(
  text: string,
  spans: readonly Span[],
  isKnown: (word: string) => boolean,
): Span[] {
  return spans.filter((span) => {
    if (span.entity_type !== 'LOCATION') return true;
    const value = text.slice(span.start, span.end);
    return UPPER.test(value) || (value.match(WORD) ?? []).some(isKnown);
  });
}
