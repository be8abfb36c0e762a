import type { Span } from '../types.js';
import { GREETINGS } from './greetings.js';
import { NAME_PARTICLES } from './name-particles.js';
import { PERSON_ROLE_WORDS } from './person-role-words.js';
import { guessLanguage, type GuessedLanguage } from './text-language.js';

/**
 * The model sometimes takes the word before a name into the name: "Karteninhaber MARTINA KOCH",
 * "Absenderin Hanna Sommer", "Herr Mag. Hofbauer". Role words and titles of two letters or more
 * ("Mag.", "Dr", "Frau") are cut off the front of a PERSON span while a name remains. One-letter
 * titles stay: "M. Ortega" is Monsieur Ortega in French and an initial in Spanish. But "M." and "D."
 * before a known first name and one more name word are Monsieur and Don: "M. Karim Haddad", "D. Juan
 * Carlos Pérez" (an initial before a whole name, "M. Night Shyamalan", is rare).
 *
 * A person span that is nothing but a title ("Arch." of "Arch. Paolo Neri", "Dña." of "Sra. Dña.
 * Carmen López"), a role word in lower case ("mamie" of "Bisous, mamie Jeanne") or a salutation
 * ("Bonsoir") is dropped, and so is a lone "M." or "D." right before another person span.
 * Salutations come off the front of a name like role words ("Querida Pili").
 *
 * Otherwise the language of the text decides what "M." is: in French it comes off the front ("M.
 * Benali", "M. d'Almeida"); in a text in one of our other languages, an "M." right before a name is
 * its initial and joins it ("Teilnehmende: A. Becker, M. Hahn"). Where the language is unclear, the
 * model's span stays as it is. In Spanish text "D." and "Dª" are Don and Doña and come off ("D. Ginés
 * Martínez"). The "V." of a German "i. V. Thomas Lang" (on behalf of) comes off too.
 */

const LEADING_WORD = /^([\p{L}\p{M}]+)(\.?)(\s+)/u;
// Titles and their abbreviations the model's list may lack: academic ones, "Hr."/"Hrn."/"Fr." (Herr,
// Herrn, Frau; Father), "Dña." (Doña), "Lic." (Licenciado). Not "di": Austria's Diplomingenieur, but
// also the particle of "Di Stefano".
const EXTRA_TITLES: ReadonlySet<string> = new Set([
  ...['mag', 'dipl', 'ing', 'dr', 'prof', 'dott', 'avv'],
  ...['hr', 'hrn', 'fr', 'dña', 'lic'],
]);
/**
 * Titles that are given names when capitalised: "don José" is a title, "Don Cheadle" a name. Before
 * a known first name they are titles all the same: "Don Ramón Castillo".
 */
const TITLES_THAT_ARE_NAMES: ReadonlySet<string> = new Set(['don']);
/**
 * Salutations and greetings that open a letter or a message, taken into the name by the model ("Caro
 * Luca", "Querida Pili", "Chère Juju", "Ciao Marco"); alone, they are not a name ("Bonsoir").
 */
const SALUTATIONS: ReadonlySet<string> = new Set([
  ...['dear', 'dearest', 'liebe', 'lieber', 'liebes', 'cher', 'chère', 'chers', 'chères', 'caro', 'cara'],
  ...['cari', 'care', 'carissimo', 'carissima', 'gentile', 'gentilissimo', 'gentilissima', 'egregio'],
  ...['egregia', 'querido', 'querida', 'queridos', 'queridas', 'estimado', 'estimada'],
  // One word only: a span's leading words are taken one at a time.
  ...GREETINGS.filter((greeting) => !greeting.includes(' ')),
]);
/** Kinship words that are given names or surnames when capitalised: "tia Rosa", but "Tia Mowry". */
const ROLES_ONLY_IN_LOWER_CASE: ReadonlySet<string> = new Set(['tia', 'zia', 'papa', 'mama', 'tata']);
const LETTER_TITLE_BEFORE_NAME = /^[MD]\.[ \t\u00a0]+([\p{L}\p{M}'’-]+)[ \t\u00a0]+([\p{L}\p{M}'’-]+)/u;
const TITLE_ONLY = /^([\p{L}\p{M}]+)\.?$/u;
const LETTER_TITLE = /^[MD]\.$/u;
/** German letters sign "i. V." (in Vertretung) and "i. A." (im Auftrag): the letter is not an initial. */
const ON_BEHALF_BEFORE = /(?<![\p{L}\p{M}])i\.[ \t]?$/u;
const ON_BEHALF_LETTER = /^[AV]\.[ \t]+(?=[\p{Lu}\p{Lt}])/u;
const ON_BEHALF = /^i\.[ \t]?[AV]\.[ \t]+(?=[\p{Lu}\p{Lt}])/u;
const MONSIEUR_FIRST = /^M\.[ \t\u00a0]+(?=[\p{Lu}\p{Lt}\p{Ll}])/u;
/** "D. Ginés", "D.ª Carmen", "Dª Milagros": Don and Doña, abbreviated, in Spanish text. */
const DON_FIRST = /^D(?:\.ª|ª\.?|\.)[ \t\u00a0]+(?=[\p{Lu}\p{Lt}])/u;
const M_INITIAL_BEFORE = /(?<![\p{L}\p{M}\p{N}.])M\.[ \t\u00a0]$/u;

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
  const isTitleWord = (word: string) => isTitle(word) || EXTRA_TITLES.has(word);
  let language: GuessedLanguage | 'unknown' | undefined;
  const textLanguage = () => (language ??= guessLanguage(text) ?? 'unknown');
  /** A span that holds only a title, or "M."/"D." with the next span a person one space on. */
  const onlyTitle = (span: Span, next: Span | undefined) => {
    const value = text.slice(span.start, span.end);
    if (LETTER_TITLE.test(value))
      return next?.entity_type === 'PERSON' && /^\s{1,2}$/u.test(text.slice(span.end, next.start));
    const word = TITLE_ONLY.exec(value)?.[1];
    if (!word || word.length < 2) return false;
    const lower = word.toLowerCase();
    if (SALUTATIONS.has(lower)) return true;
    if (word === lower && (PERSON_ROLE_WORDS.has(lower) || ROLES_ONLY_IN_LOWER_CASE.has(lower))) return true;
    // Capitalised, a role word alone may be an English surname ("Bishop", "Mayor"), not in other text.
    if (PERSON_ROLE_WORDS.has(lower) && textLanguage() !== 'en') return true;
    return isTitleWord(lower) && !(TITLES_THAT_ARE_NAMES.has(lower) && word !== lower);
  };
  const out: Span[] = [];
  for (const [i, span] of spans.entries()) {
    if (span.entity_type !== 'PERSON') {
      out.push(span);
      continue;
    }
    if (onlyTitle(span, spans[i + 1])) continue;
    const spanText = text.slice(span.start, span.end);
    const onBehalf = ON_BEHALF_BEFORE.test(text.slice(Math.max(0, span.start - 3), span.start))
      ? ON_BEHALF_LETTER.exec(spanText)?.[0]
      : ON_BEHALF.exec(spanText)?.[0];
    const trimmed = withoutLeadingRoles(onBehalf ? { ...span, start: span.start + onBehalf.length } : span);
    const value = text.slice(trimmed.start, trimmed.end);
    const monsieur = MONSIEUR_FIRST.exec(value)?.[0];
    // "M. " right before the span, not part of a word or of another span, and not the Monsieur of
    // "M. Karim Haddad" (a first name and another name word after it).
    const initialBefore =
      M_INITIAL_BEFORE.test(text.slice(Math.max(trimmed.start - 4, out.at(-1)?.end ?? 0), trimmed.start)) &&
      letterTitleLength(text.slice(trimmed.start - 3, trimmed.end), isFirstName) === 0;
    const don = DON_FIRST.exec(value)?.[0];
    if (monsieur && monsieur.length < value.length && textLanguage() === 'fr')
      out.push({ ...trimmed, start: trimmed.start + monsieur.length });
    else if (don && don.length < value.length && textLanguage() === 'es')
      out.push({ ...trimmed, start: trimmed.start + don.length });
    else if (!monsieur && initialBefore && !['fr', 'unknown'].includes(textLanguage()))
      out.push({ ...trimmed, start: trimmed.start - 3 });
    else out.push(trimmed);
  }
  return out;

  function withoutLeadingRoles(span: Span): Span {
    let start = span.start + letterTitleLength(text.slice(span.start, span.end), isFirstName);
    for (;;) {
      const match = LEADING_WORD.exec(text.slice(start, span.end));
      if (!match) break;
      const word = match[1]!.toLowerCase();
      const nextWord = /^[\p{L}\p{M}'’-]+/u.exec(text.slice(start + match[0].length, span.end))?.[0];
      const capitalisedName =
        TITLES_THAT_ARE_NAMES.has(word) && match[1] !== word && !(nextWord && isFirstName(nextWord));
      const isRole =
        PERSON_ROLE_WORDS.has(word) ||
        SALUTATIONS.has(word) ||
        (ROLES_ONLY_IN_LOWER_CASE.has(word) && match[1] === word) ||
        (word.length >= 2 && !capitalisedName && isTitleWord(word));
      if (!isRole) break;
      start += match[0].length;
    }
    return start === span.start ? span : { ...span, start };
  }
}
