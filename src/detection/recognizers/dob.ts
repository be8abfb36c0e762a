import { allMatches } from '../all-matches.js';
import type { Span } from '../types.js';
import { containsContext, contextWords, wordsAfter, wordsBefore } from './context.js';
import { patternSpan } from './pattern-span.js';

/**
 * Dates of birth: a calendar date (numeric, or with a month name in en/de/fr/es/it) that has a
 * birth word near it ("born", "geboren", "né", "nacido", "nato", "date of birth", "DOB" …).
 * A date without such a word is only a date and is not reported at all.
 */

const SCORE = 0.85;
/** Day and month without a year ("birthday: March 5") identify less. */
const SCORE_NO_YEAR = 0.7;

const MONTHS: Record<string, number> = {};
function months(month: number, ...names: string[]): void {
  for (const name of names) MONTHS[name] = month;
}
months(1, 'january', 'jan', 'januar', 'jänner', 'janvier', 'janv', 'enero', 'ene', 'gennaio', 'gen');
months(2, 'february', 'feb', 'februar', 'feber', 'février', 'fevrier', 'févr', 'fevr', 'febrero', 'febbraio');
months(3, 'march', 'mar', 'märz', 'maerz', 'mär', 'mars', 'marzo');
months(4, 'april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile');
months(5, 'may', 'mai', 'mayo', 'maggio', 'mag');
months(6, 'june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu');
months(7, 'july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug');
months(8, 'august', 'aug', 'août', 'aout', 'agosto', 'ago');
months(9, 'september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'set', 'settembre');
months(10, 'october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott');
months(11, 'november', 'nov', 'novembre', 'noviembre');
months(
  12,
  'december',
  'dec',
  'dezember',
  'dez',
  'décembre',
  'decembre',
  'déc',
  'diciembre',
  'dic',
  'dicembre',
);

// Longest names first so "mar" does not cut "marzo" short.
const MONTH = `(${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th|er|e|º|°|\.)?`;
const YEAR = String.raw`(\d{4}|'\d{2})`;
const B = String.raw`(?<![\p{L}\p{N}_])`;
const E = String.raw`(?![\p{L}\p{N}_])`;

// "5 March 1985", "5. März 1985", "5th of March, 1985", "1er janvier 1990", "5 de marzo de 1985", "5 marzo"
// "12-Mar-1985", "12/Mar/1985": the separator after the month must match the one before it.
const DAY_MONTH_DASHED = new RegExp(String.raw`${B}(\d{1,2})([-/])${MONTH}\2(\d{4}|\d{2})${E}`, 'giu');
const DAY_MONTH = new RegExp(
  String.raw`${B}${DAY}\s{0,2}(?:of\s+|de\s+)?${MONTH}(?:,?\s{1,2}(?:de\s+|del\s+)?${YEAR})?${E}`,
  'giu',
);
// "March 5, 1985", "March 5th 1985", "March 5"
const MONTH_DAY = new RegExp(String.raw`${B}${MONTH}\s{1,2}${DAY}(?:,?\s{1,2}${YEAR})?${E}`, 'giu');
// "05/03/1985", "5.3.85", "03-05-1985"
const NUMERIC = new RegExp(String.raw`${B}(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})${E}(?![./-]\d)`, 'gu');
// "1985-03-05", "1985/03/05"
const ISO = new RegExp(String.raw`${B}(\d{4})([-/.])(\d{1,2})\2(\d{1,2})${E}(?![./-]\d)`, 'gu');

// prettier-ignore
const BIRTH_WORDS = contextWords([
    // en
    'born', 'birth', 'birthday', 'birthdate', 'dob', 'd o b', 'date of birth', 'b day', 'bday',
    // de
    'geboren', 'geb', 'geburtsdatum', 'geburtstag', 'geburt*', 'gebdat',
    // fr
    'né', 'née', 'nés', 'nées', 'naissance', 'anniversaire', 'date de naissance', 'ddn',
    // es
    'nacido', 'nacida', 'nací', 'naci', 'nació', 'nacio', 'nacimiento', 'cumpleaños', 'fecha de nacimiento', 'nac',
    // it
    'nato', 'nata', 'nati', 'nascita', 'compleanno', 'data di nascita',
]);
const WORDS_BEFORE = 5;
const WORDS_AFTER = 3;
const YEAR_WORD = /^(?:19|20)\d\d$/;
// A sentence or clause ends here; a birth word beyond it is about something else.
const CLAUSE_END = /[;!?]|\.\s+\p{Lu}/u;
const CLAUSE_ENDS = new RegExp(CLAUSE_END.source, 'gu');
// Characters looked at on each side: enough for five words.
const WINDOW_CHARS = 120;

/**
 * Whether a birth word stands near the date, in the same clause, with no other year between them:
 * in "born in 2010, and on 12/03/2015 it went public", "born" belongs to 2010.
 */
function hasBirthWord(text: string, start: number, end: number): boolean {
  const beforeText = text.slice(Math.max(0, start - WINDOW_CHARS), start);
  let clauseStart = 0;
  for (const m of beforeText.matchAll(CLAUSE_ENDS)) clauseStart = m.index + m[0].length;
  let before = wordsBefore(beforeText.slice(clauseStart), beforeText.length - clauseStart, WORDS_BEFORE);
  const lastYear = before.findLastIndex((w) => YEAR_WORD.test(w));
  before = before.slice(lastYear + 1);
  if (containsContext(before, BIRTH_WORDS)) return true;
  const afterText = text.slice(end, end + WINDOW_CHARS);
  const clauseEnd = afterText.search(CLAUSE_END);
  let after = wordsAfter(clauseEnd === -1 ? afterText : afterText.slice(0, clauseEnd), 0, WORDS_AFTER);
  const firstYear = after.findIndex((w) => YEAR_WORD.test(w));
  if (firstYear !== -1) after = after.slice(0, firstYear);
  return containsContext(after, BIRTH_WORDS);
}

// Genealogical notation: "* 12.03.1985" marks a birth (as "† …" marks a death).
// The star must follow a name or an opening bracket: "5 * 12.03.1985" is arithmetic.
const BIRTH_STAR = /(?:^|[\n(,;:][ \u00a0]?|[\p{L}.)][ \u00a0])\*[ \u00a0]?$/u;

function daysIn(month: number, year: number | null): number {
  if (month === 2)
    return year === null || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Two-digit years up to this year's are read as 20xx, later ones as 19xx. */
function expandYear(digits: string): number {
  const n = Number(digits);
  if (digits.length === 4) return n;
  return n + (n <= new Date().getFullYear() % 100 ? 2000 : 1900);
}

function fullYear(raw: string | undefined): number | null {
  return raw === undefined ? null : expandYear(raw.replace("'", ''));
}

/** A real calendar date, with a 4-digit year between 1900 and next year when a year is given. */
function isDate(day: number, month: number, year: number | null): boolean {
  if (month < 1 || month > 12 || day < 1 || day > daysIn(month, year)) return false;
  return year === null || (year >= 1900 && year <= new Date().getFullYear() + 1);
}

interface DateMatch {
  start: number;
  end: number;
  hasYear: boolean;
}

function monthNumber(name: string | undefined): number {
  return MONTHS[(name ?? '').toLowerCase()] ?? 0;
}

function findDates(text: string): DateMatch[] {
  const found: DateMatch[] = [];
  const add = (m: RegExpMatchArray, ok: boolean, hasYear: boolean) => {
    if (ok) found.push({ start: m.index!, end: m.index! + m[0].length, hasYear });
  };
  for (const m of allMatches(DAY_MONTH, text)) {
    const year = fullYear(m[3]);
    add(m, isDate(Number(m[1]), monthNumber(m[2]), year), year !== null);
  }
  for (const m of allMatches(DAY_MONTH_DASHED, text)) {
    const year = expandYear(m[4]!);
    add(m, isDate(Number(m[1]), monthNumber(m[3]), year), true);
  }
  for (const m of allMatches(MONTH_DAY, text)) {
    const year = fullYear(m[3]);
    add(m, isDate(Number(m[2]), monthNumber(m[1]), year), year !== null);
  }
  for (const m of allMatches(NUMERIC, text)) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const year = expandYear(m[4]!);
    // Day-month (most of Europe) or month-day (US): either reading makes it a date.
    add(m, isDate(a, b, year) || isDate(b, a, year), true);
  }
  for (const m of allMatches(ISO, text)) add(m, isDate(Number(m[4]), Number(m[3]), Number(m[1])), true);
  return found;
}

export function findDateOfBirthSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const date of findDates(text)) {
    const starred = BIRTH_STAR.test(text.slice(Math.max(0, date.start - 4), date.start));
    if (!starred && !hasBirthWord(text, date.start, date.end)) continue;
    spans.push(patternSpan('DATE_OF_BIRTH', date.start, date.end, date.hasYear ? SCORE : SCORE_NO_YEAR));
  }
  return spans;
}
