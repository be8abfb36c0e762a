import { LABEL_OF, type Span } from '../types.js';
import { DOCTOR_WORDS, KINSHIP_OF_BEFORE } from './person-role-words.js';

/**
 * What follows a personal title is a person: the model reads some unfamiliar names as places, "la
 * doctora Xoana Castiñeira" with Castiñeira a LOCATION. A place span right after a title ("Dr.",
 * "Frau", "Mme", "señora", "dottoressa", …, one space or none between), or after a title and one or
 * two capitalised words (the given names), becomes a person span from the word after the title, with
 * the same score. Places named after people ("Hospital Dr. Negrín") are then tokenized as people, which
 * hides them all the same. So does a place right after a kinship word and "of" ("la maman de Chloé",
 * "la mamá de Martina", "la mamma di Giulia", "die Tochter von Lena", "the mother of Ava").
 */

// The last three words before a span, each with what follows it: "doctora ", "Xoana ".
const WORDS_BEFORE = /(?:(?<![\p{L}\p{M}])[\p{L}\p{M}][\p{L}\p{M}.'’-]*[ \t\u00a0]?){1,3}$/u;
const WORD = /([\p{L}\p{M}][\p{L}\p{M}.'’-]*?)(\.?)([ \t\u00a0]?)$/u;
const CAPITALISED = /^[\p{Lu}\p{Lt}]/u;
/** Titles that are also everyday words, counted only as written: French "Me" (Maître), not "me", "ME". */
const TITLES_ONLY_AS_WRITTEN: ReadonlyMap<string, string> = new Map([['me', 'Me']]);
const MAX_GIVEN_NAMES = 2;

/** Where the person begins when a kinship word and "of" or a title precedes `start`, or -1. */
function personStart(text: string, start: number, isTitle: (word: string) => boolean): number {
  if (KINSHIP_OF_BEFORE.test(text.slice(Math.max(0, start - 24), start))) return start;
  return nameStartAfterTitle(text, start, isTitle);
}

/** How far before `start` the name begins when a title precedes it, or -1. */
function nameStartAfterTitle(text: string, start: number, isTitle: (word: string) => boolean): number {
  const before = WORDS_BEFORE.exec(text.slice(Math.max(0, start - 64), start))?.[0];
  if (!before) return -1;
  const words = before.match(/[^ \t\u00a0]+[ \t\u00a0]?/gu) ?? [];
  let given = 0;
  for (let i = words.length - 1; i >= 0; i--) {
    const [, word = '', dot = ''] = WORD.exec(words[i]!) ?? [];
    const lower = word.toLowerCase();
    // One letter ("M") is a title only with its dot.
    const asWritten = TITLES_ONLY_AS_WRITTEN.get(lower);
    const title =
      (isTitle(lower) || DOCTOR_WORDS.has(lower)) && (asWritten === undefined || asWritten === word);
    if ((lower.length >= 2 || dot === '.') && title) return start - words.slice(i + 1).join('').length;
    if (given === MAX_GIVEN_NAMES || !CAPITALISED.test(word)) return -1;
    given++;
  }
  return -1;
}

/**
 * `spans`: sorted by start, not overlapping; so is the result. `isTitle`: the word (lower case, no
 * final dot) is in the model's title list. A given name the model already read as a person joins the
 * new span; one it read as anything else keeps the new span from reaching back over it.
 */
export function placesAfterTitlesAsPeople(
  text: string,
  spans: readonly Span[],
  isTitle: (word: string) => boolean,
): Span[] {
  const out: Span[] = [];
  for (const span of spans) {
    const found = span.entity_type === 'LOCATION' ? personStart(text, span.start, isTitle) : -1;
    if (found < 0) {
      out.push(span);
      continue;
    }
    let start = found;
    const previous = out.at(-1);
    if (previous && previous.end > start) {
      if (previous.entity_type === 'PERSON' && previous.start >= start) out.pop();
      else start = span.start;
    }
    out.push({ ...span, start, entity_type: 'PERSON', label: LABEL_OF.PERSON });
  }
  return out;
}
