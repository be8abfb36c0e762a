import type { Span } from '../types.js';

/**
 * A month or weekday after a day number or a date preposition is a date, not a person or a place:
 * "la factura de Mayo", "el 5 de Mayo", "Lieferung im Mai", "il 3 Maggio", "since May". The model
 * reads some of them as people or places ("Mayo" is also an Irish county, "May" a given name). A
 * one-word PERSON or LOCATION span that is a calendar word of the model's list is dropped there;
 * "Theresa May said", "Mayo Clinic", "County Mayo" stay.
 */

const DATE_BEFORE =
  /(?:(?<![\p{L}\p{M}])(?:de|del|en|di|in|im|am|au|à|of|since|until|till|from|desde|hasta|seit|bis|depuis|fin|inizio|fine|mitte|ende|anfang)|\d{1,2}\.?(?:[ \t]+de)?)[ \t]+$/iu;
const ONE_WORD = /^[\p{L}\p{M}]+$/u;

export function withoutDatedMonths(
  text: string,
  spans: readonly Span[],
  isCalendarWord: (word: string) => boolean,
): Span[] {
  return spans.filter((span) => {
    if (span.entity_type !== 'PERSON' && span.entity_type !== 'LOCATION') return true;
    const word = text.slice(span.start, span.end);
    if (!ONE_WORD.test(word) || !isCalendarWord(word)) return true;
    return !DATE_BEFORE.test(text.slice(Math.max(0, span.start - 12), span.start));
  });
}
