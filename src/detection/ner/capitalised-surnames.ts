import type { Span } from '../types.js';
import { ruleName, withAddedNames } from './added-names.js';
import { GREETINGS } from './greetings.js';
import { guessLanguage } from './text-language.js';

/**
 * French and Italian paperwork writes the surname in capitals before the given name: "FONTAINE
 * Aurélie", "Convocation de MARTIN Lucas et BERNARD Chloé", "Solicitud de GARCÍA Pedro". Known
 * surnames in capitals (with their particles, "DE LA FUENTE", "LE GOFF") right before a known first
 * name written with a capital are a person, replacing what the model made of them where it was less
 * sure (the company "MARTIN Lucas et BERNARD", the name "Solicitud de GARCÍA Pedro"). Other words
 * in capitals count only in German, French, Spanish or Italian text, as four letters or more with a
 * vowel: English tweets shout words before names ("OH MY GOD Liam"), and "EDF Julie" is a firm and a
 * person. The other order ("Aurélie FONTAINE") the model reads well.
 */

const CAPS_WORD = String.raw`\p{Lu}[\p{Lu}\p{M}'’-]*\p{Lu}`;
const CAPS_PARTICLE = String.raw`(?:DE|DI|DA|DEL|DELLA|DELLO|DEI|LE|LA|LO|VAN|VON|DER|DEN|DU|DES|DOS|DAS)`;
const CAPS_NAME = String.raw`(?:${CAPS_PARTICLE}[ \t]){0,3}${CAPS_WORD}(?:[ \t]${CAPS_WORD}){0,2}`;
const GIVEN = String.raw`[\p{Lu}\p{Lt}]\p{Ll}[\p{Ll}\p{M}'’]*(?:-[\p{Lu}\p{Lt}]\p{Ll}[\p{Ll}\p{M}]*)?`;
const SURNAME_FIRST = new RegExp(
  String.raw`(?<![\p{L}\p{M}\p{N}])(${CAPS_NAME})[ \t]+(${GIVEN})(?:[ \t]+(${GIVEN}))?(?![\p{L}\p{M}\p{N}])`,
  'gu',
);
const ONLY_PARTICLE = new RegExp(String.raw`^${CAPS_PARTICLE}$`, 'u');
const VOWEL = /[AEIOUYÀ-ÖØ-Ý]/u;
/** Words shouted before a given name that are no surname: greetings, thanks, salutations, titles. */
const BEFORE_NAMES: ReadonlySet<string> = new Set([
  ...GREETINGS,
  ...['grazie', 'merci', 'gracias', 'danke', 'thanks', 'bravo', 'auguri', 'caro', 'cara', 'cher', 'chère'],
  ...['liebe', 'lieber', 'querido', 'querida', 'señor', 'señora', 'signor', 'signora', 'madame'],
  ...['monsieur', 'herr', 'frau', 'dottore', 'dottoressa', 'docteur', 'doktor'],
]);
const CAPITALS_NAME_SCORE = 0.9;

interface Lookups {
  isFirstName(word: string): boolean;
  isSurname(word: string): boolean;
}

/**
 * Where the surname begins in the capitals before a given name, or -1: the longest run of known
 * surnames (particles between or before them) that ends them ("DEMANDE FONTAINE" → "FONTAINE");
 * the word right before the given name may instead be one `mayBeSurname` accepts ("MARTIN").
 */
function surnameStart(
  caps: string,
  isSurname: (word: string) => boolean,
  mayBeSurname: (word: string) => boolean,
): number {
  let start = -1;
  let at = caps.length;
  for (const [i, word] of caps
    .split(/[ \t]+/)
    .reverse()
    .entries()) {
    at -= word.length;
    if (ONLY_PARTICLE.test(word)) {
      if (start >= 0) start = at;
    } else if (isSurname(word) || (i === 0 && mayBeSurname(word))) start = at;
    else break;
    at -= 1;
  }
  return start;
}

const isKnownGiven = (given: string, names: Lookups) =>
  names.isFirstName(given) || names.isFirstName(given.split('-')[0]!);

/** `spans`: sorted by start, not overlapping, before the score threshold. */
export function addCapitalisedSurnames(text: string, spans: readonly Span[], names: Lookups): Span[] {
  if (!/\p{Lu}\p{Lu}/u.test(text)) return [...spans];
  // Paperwork in our other languages: a surname the lists lack ("MARTIN", held out of them as the
  // bird's name) counts when it is a word of four letters or more with a vowel and no greeting.
  let paperwork: boolean | undefined;
  const isPaperwork = () => (paperwork ??= ['de', 'fr', 'es', 'it'].includes(guessLanguage(text) ?? ''));
  const mayBeSurname = (word: string) =>
    [...word].length >= 4 && VOWEL.test(word) && !BEFORE_NAMES.has(word.toLowerCase()) && isPaperwork();
  const found: Span[] = [];
  SURNAME_FIRST.lastIndex = 0;
  for (let match = SURNAME_FIRST.exec(text); match; match = SURNAME_FIRST.exec(text)) {
    const [whole, caps, given, second] = match as unknown as [string, string, string, string | undefined];
    const from = surnameStart(caps, (word) => names.isSurname(word), mayBeSurname);
    if (!isKnownGiven(given, names) || from < 0) continue;
    const length = second && isKnownGiven(second, names) ? whole.length : whole.indexOf(given) + given.length;
    found.push(ruleName(match.index + from, match.index + length, CAPITALS_NAME_SCORE));
  }
  return withAddedNames(spans, found);
}
