import type { Span } from '../types.js';
import { guessLanguage } from './text-language.js';

/**
 * A place's span written all in lower case is kept only when one of its words is a known place, or a
 * known name (the model sometimes types a lower-case name as a place, "copia giulia"): the model
 * reads lower-case words after a preposition of place as a place where nothing else says so ("bici
 * solo in cantina", "chaudière à granulés", "la trasferta può"). Only in German, French, Spanish or
 * Italian text: there the model learned lower-case places from our synthetic prompts alone, while in
 * English it learned them from tweets, where people write "going to vegas" (English text keeps them).
 */
const UPPER = /\p{Lu}/u;
const WORD = /[\p{L}\p{M}]+/gu;

export function withoutUnknownLowercasePlaces(
  text: string,
  spans: readonly Span[],
  isKnown: (word: string) => boolean,
): Span[] {
  const candidate = (span: Span) =>
    span.entity_type === 'LOCATION' && !UPPER.test(text.slice(span.start, span.end));
  if (!spans.some(candidate)) return [...spans];
  const language = guessLanguage(text);
  if (language === undefined || language === 'en') return [...spans];
  return spans.filter(
    (span) => !candidate(span) || (text.slice(span.start, span.end).match(WORD) ?? []).some(isKnown),
  );
}
