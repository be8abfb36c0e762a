import type { Span } from '../types.js';
import { ruleName, withAddedNames } from './added-names.js';
import { guessLanguage } from './text-language.js';

/**
 * German writes a name's genitive without an apostrophe before the noun it owns: "Annas Geburtstag",
 * "bei Lenas Eltern", "Tims Werkstatt". The model reads such a word as no name (or "Peters Auto" as
 * a firm). In German text, a capitalised word ending in "s" before a capitalised noun, whose stem is a
 * known first name and which is no known first name itself ("Hans", "Jonas"), is that name; the "s" stays
 * out, as a possessive "'s" does.
 */

const GENITIVE = /(?<![\p{L}\p{M}\p{N}'’-])([\p{Lu}\p{Lt}][\p{Ll}\p{M}]{2,})s(?=[ \t]+[\p{Lu}\p{Lt}])/gu;
const GENITIVE_NAME_SCORE = 0.75;

/** `spans`: sorted by start, not overlapping, before the score threshold. */
export function addGermanGenitiveNames(
  text: string,
  spans: readonly Span[],
  isFirstName: (word: string) => boolean,
): Span[] {
  if (!/\p{Ll}s[ \t]+\p{Lu}/u.test(text) || guessLanguage(text) !== 'de') return [...spans];
  const names: Span[] = [];
  for (const match of text.matchAll(GENITIVE)) {
    const stem = match[1]!;
    // "Hans", "Jonas", "Andreas" are names themselves, not the genitive of "Han", "Jona", "Andrea".
    if (isFirstName(stem) && !isFirstName(match[0]))
      names.push(ruleName(match.index, match.index + stem.length, GENITIVE_NAME_SCORE));
  }
  return withAddedNames(spans, names);
}
