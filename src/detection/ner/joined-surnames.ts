import type { Span } from '../types.js';
import type { NameLookups } from './inverted-names.js';

/**
 * Spanish and Catalan join two surnames with "y" and "i": "José Ortega y Gasset", "María del Carmen
 * Fernández y López", "Montse Puigdomènech i Vila". The model reads two people. A person span of two
 * words or more, then " y " or " i ", then one capitalised word that is a known surname and no known
 * first name, is one name ("Ana García y Pedro" stays two people; so does "Ana y López", whose first
 * part is one word).
 */

const JOINER = /^[ \t]+[yi][ \t]+$/u;
const JOINER_AFTER = /^[ \t]+[yi][ \t]+/u;
const SURNAME_WORD = /^[\p{Lu}\p{Lt}][\p{L}\p{M}'’-]*$/u;
const NEXT_WORD = /^[ \t]+([\p{Lu}\p{Lt}][\p{L}\p{M}'’-]*)(?![\p{L}\p{M}])/u;

/** `spans` sorted by start; returns them with the joined surnames taken into the name before. */
export function joinConjoinedSurnames(text: string, spans: readonly Span[], names: NameLookups): Span[] {
  const isJoinedSurname = (word: string) =>
    SURNAME_WORD.test(word) && names.isSurname(word) && !names.isFirstName(word);
  const out: Span[] = [];
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i]!;
    const words = text.slice(span.start, span.end).trim().split(/\s+/);
    if (span.entity_type !== 'PERSON' || words.length < 2) {
      out.push(span);
      continue;
    }
    const joiner = JOINER_AFTER.exec(text.slice(span.end, span.end + 8))?.[0];
    const next = spans[i + 1];
    const afterJoiner = joiner ? span.end + joiner.length : -1;
    // The surname is the next person span, or a capitalised word the model left out.
    if (
      next?.entity_type === 'PERSON' &&
      JOINER.test(text.slice(span.end, next.start)) &&
      isJoinedSurname(text.slice(next.start, next.end))
    ) {
      out.push({ ...span, end: next.end, score: Math.min(span.score, next.score) });
      i++;
      continue;
    }
    const word =
      afterJoiner >= 0 ? NEXT_WORD.exec(text.slice(afterJoiner - 1, afterJoiner + 40))?.[1] : undefined;
    const free = !next || next.start >= afterJoiner + (word?.length ?? 0);
    if (word && free && isJoinedSurname(word)) out.push({ ...span, end: afterJoiner + word.length });
    else out.push(span);
  }
  return out;
}
