import { ruleName, withAddedNames } from './added-names.js';
import type { Span } from '../types.js';

/**
 * E-mails and notes open by naming the reader: "Mei - I can drive Tuesdays", "Tana --", "Debra - El
 * Paso called again". A known first name alone at the start of a line, followed by a dash or a double
 * dash, is a person at score 0.8, unless the model was surer of its own span there ("Debra" was read
 * as a place). Month and weekday names ("May - June") are not. Not before a comma: "Klein, aber fein",
 * "Hunter, Gatherer" start lines as often as "Debra, El Paso called".
 *
 * Letters close with the writer's name alone on the line after a sign-off ("MfG\nJürgen", "Cordiali
 * saluti,\nMarta Fois"): one to three capitalised words there, the first a known first name, are a
 * person at the same score.
 */

const LINE_START_NAME = /^[ \t]*([\p{Lu}\p{Lt}][\p{Ll}\p{M}'’]+)[ \t]*(?:--?|–|—)(?=[ \t]|$)/gmu;
/** Sign-offs that a signature follows on the next line: "MfG", "Cordiali saluti", "Un abrazo", "Cheers". */
const SIGN_OFFS = [
  ...[
    'mfg',
    'lg',
    'vg',
    'gruß',
    'grüße',
    'viele grüße',
    'liebe grüße',
    'beste grüße',
    'mit freundlichen grüßen',
  ],
  ...['saluti', 'cordiali saluti', 'un saluto', 'un abbraccio', 'baci', 'a presto', 'un saludo', 'saludos'],
  ...['saludos cordiales', 'un abrazo', 'besos', 'cordialement', 'bien à vous', 'bisous', 'amitiés'],
  ...['thanks', 'thank you', 'cheers', 'best', 'best regards', 'regards', 'kind regards', 'sincerely'],
];
// The name alone on the line after a sign-off line: one to three capitalised words.
const SIGNATURE = new RegExp(
  String.raw`^[ \t]*(?:${SIGN_OFFS.join('|')})[ \t]*[,!.]?[ \t]*\r?\n[ \t]*([\p{Lu}\p{Lt}][\p{L}\p{M}'’-]*(?:[ \t][\p{Lu}\p{Lt}][\p{L}\p{M}'’-]*){0,2})[ \t]*$`,
  'gimu',
);
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
  for (const match of text.matchAll(SIGNATURE)) {
    const name = match[1]!;
    if (!isFirstName(name.split(/[ \t]/)[0]!)) continue;
    const start = match.index + match[0].lastIndexOf(name);
    names.push(ruleName(start, start + name.length, LINE_START_NAME_SCORE));
  }
  names.sort((a, b) => a.start - b.start);
  return withAddedNames(spans, names);
}
