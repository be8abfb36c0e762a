import type { Span } from '../types.js';
import { NAME_PARTICLES } from './name-particles.js';
import { PERSON_ROLE_WORDS } from './person-role-words.js';

/**
 * The model sometimes takes the word before a name into the name: "Karteninhaber MARTINA KOCH",
 * "Absenderin Hanna Sommer", "Herr Mag. Hofbauer". Role words and titles of two letters or more
 * ("Mag.", "Dr", "Frau") are cut off the front of a PERSON span while a name remains. One-letter
 * titles stay: "M. Ortega" is Monsieur Ortega in French and an initial in Spanish. But "M." and "D."
 * before a known first name and one more name word are Monsieur and Don: "M. Karim Haddad", "D. Juan
 * Carlos Pérez" (an initial before a whole name, "M. Night Shyamalan", is rare).
 */

const LEADING_WORD = /^([\p{L}\p{M}]+)(\.?)(\s+)/u;
// Not "di": Austria's Diplomingenieur, but also the particle of "Di Stefano".
const ACADEMIC_TITLES: ReadonlySet<string> = new Set(['mag', 'dipl', 'ing', 'dr', 'prof', 'dott', 'avv']);
/** Titles that are given names when capitalised: "don José" is a title, "Don Cheadle" a name. */
const TITLES_THAT_ARE_NAMES: ReadonlySet<string> = new Set(['don']);
const LETTER_TITLE_BEFORE_NAME = /^[MD]\.[ \t\u00a0]+([\p{L}\p{M}'’-]+)[ \t\u00a0]+([\p{L}\p{M}'’-]+)/u;

/** "M. Karim Haddad": the length of "M. " when the span starts with a one-letter title, else 0. */
function letterTitleLength(value: string, isFirstName: (word: string) => boolean): number {
  const match = LETTER_TITLE_BEFORE_NAME.exec(value);
  if (!match || !isFirstName(match[1]!)) return 0;
  const next = match[2]!;
  return /^[\p{Lu}\p{Lt}]/u.test(next) || NAME_PARTICLES.has(next) ? match[0].indexOf(match[1]!) : 0;
}

/**
 * `isTitle`: the word (lower case, no dot) is in the model's title list; `isFirstName`: the word is in
 * its first-name list.
 */
export function trimLeadingRoles(
  text: string,
  spans: readonly Span[],
  isTitle: (word: string) => boolean,
  isFirstName: (word: string) => boolean,
): Span[] {
  return spans.map((span) => {
    if (span.entity_type !== 'PERSON') return span;
    let start = span.start + letterTitleLength(text.slice(span.start, span.end), isFirstName);
    for (;;) {
      const match = LEADING_WORD.exec(text.slice(start, span.end));
      if (!match) break;
      const word = match[1]!.toLowerCase();
      const capitalisedName = TITLES_THAT_ARE_NAMES.has(word) && match[1] !== word;
      const isRole =
        PERSON_ROLE_WORDS.has(word) ||
        (word.length >= 2 && !capitalisedName && (isTitle(word) || ACADEMIC_TITLES.has(word)));
      if (!isRole) break;
      start += match[0].length;
    }
    return start === span.start ? span : { ...span, start };
  });
}
