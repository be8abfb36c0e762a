import { ruleName, withAddedNames } from './added-names.js';
import type { Span } from '../types.js';

/**
 * E-mails and notes open by naming the reader: "Mei - I can drive Tuesdays", "Tana --", "Debra - El
 * Paso called again". A known first name alone at the start of a line, followed by a dash or a double
 * dash, is a person at score 0.8, unless the model was surer of its own span there ("Debra" was read
 * as a place). Month and weekday names ("May - June") are not. Not before a comma: "Klein, aber fein",
 * "Hunter, Gatherer" start lines as often as "Debra, El Paso called".
 */

const LINE_START_NAME = /^[ \t]*([\p{Lu}\p{Lt}][\p{Ll}\p{M}'’]+)[ \t]*(?:--?|–|—)(?=[ \t]|$)/gmu;
const LINE_START_NAME_SCORE = 0.8;

/**
 * `spans`: sorted by start, not overlapping, before the score threshold. `isFirstName`: the word is
 * in the model's first-name list; `isCalendarWord`: a month or weekday name.
 */
export function addLineStartNames(
  text: string,
  spans: readonly Span[],
  isFirstName: (word: string) => boolean,
  isCalendarWord: (word: string) => boolean,
): Span[] {
  const names: Span[] = [];
  for (const match of text.matchAll(LINE_START_NAME)) {
    const word = match[1]!;
    if (!isFirstName(word) || isCalendarWord(word)) continue;
    const start = match.index + match[0].indexOf(word);
    names.push(ruleName(start, start + word.length, LINE_START_NAME_SCORE));
  }
  return withAddedNames(spans, names);
}
