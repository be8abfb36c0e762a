import type { Span } from '../types.js';
import { ruleName, withAddedNames } from './added-names.js';

/**
 * Lotus Notes and Domino mail write an address as the person's name and their organisation's units:
 * "Mike Maggi/Corp/Enron@ENRON", "Sara Shackleton/HOU/ECT@ECT". The name before the first "/" is a
 * person at score 0.9, unless the model was surer of its own span there (it read "Mike Maggi" as a
 * company once); the units and domain are not.
 */

const NAME_WORD = String.raw`[\p{Lu}\p{Lt}][\p{L}\p{M}'’.-]*`;
const NOTES_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}\p{M}\p{N}@/.'’-])(${NAME_WORD}(?: ${NAME_WORD}){1,3})/[\p{L}\p{N}]{2,}(?:/[\p{L}\p{N}]{2,}){0,3}@[\p{L}\p{N}]{2,}`,
  'gu',
);
const NOTES_NAME_SCORE = 0.9;

/** `spans`: sorted by start, not overlapping, before the score threshold. */
export function addNotesAddressNames(text: string, spans: readonly Span[]): Span[] {
  const names: Span[] = [];
  for (const match of text.matchAll(NOTES_ADDRESS))
    names.push(ruleName(match.index, match.index + match[1]!.length, NOTES_NAME_SCORE));
  return withAddedNames(spans, names);
}
