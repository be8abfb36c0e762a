import { allMatches } from '../all-matches.js';
import {
  Metadata,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/max';
import type { Span } from '../types.js';
import { contextWords, scoreInContext, type ContextRule } from './context.js';
import { patternSpan } from './pattern-span.js';
import { chooseWindows, Piece, pieces } from './phone-windows.js';

/**
 * Phone numbers: runs of digits and phone separators are cut into digit groups, windows of
 * groups are checked for phone-like layout, then validated with libphonenumber's `max`
 * metadata — international numbers by their calling code, national ones against each
 * configured region. Dates, decimals, thousands-formatted amounts and money are refused
 * before validation; context words decide the rest (order numbers, "call me at …").
 */

export const DEFAULT_PHONE_REGIONS: readonly string[] = ['US', 'GB', 'FR', 'DE', 'ES', 'IT'];

/** A valid number written with a '+' or '00' prefix. */
const SCORE_INTERNATIONAL = 0.85;
/** A valid national number written with separators ("030 1234567", "(415) 555-0123"). */
const SCORE_NATIONAL_FORMATTED = 0.7;
/** A valid national number in one block that starts with a trunk 0 ("01711234567"). */
const SCORE_NATIONAL_TRUNK_BLOCK = 0.55;
/** A valid national number in one block without trunk 0 ("4155552671"): needs a context word. */
const SCORE_NATIONAL_BLOCK = 0.4;
/** Not valid, but the length fits and the layout is unmistakably a phone ("+1 555 123 4567", "(555) 123-4567"). */
const SCORE_PHONE_LAYOUT = 0.6;
/** Not valid, possible, written with separators and a trunk 0 ("07700 900123", fictional UK ranges). */
const SCORE_POSSIBLE_TRUNK = 0.5;
/**
 * Not valid, ten digits in one block shaped like a North American number (area code and exchange
 * start with 2-9): too common a shape to report alone, a phone context word lifts it over 0.5.
 */
const SCORE_NANP_SHAPED_BLOCK = 0.2;

const MIN_DIGITS = 7;
const MAX_DIGITS = 15;
// Digits a window may hold, counting a '00' international prefix.
const MAX_WINDOW_DIGITS = MAX_DIGITS + 2;
// Longest run looked at in one piece; a phone with separators fits well within it.
const MAX_RUN = 48;
// Validation calls per text. A realistic prompt needs a handful; this bounds crafted inputs
// (about 20 µs per call, so at most ~80 ms).
const MAX_VALIDATIONS_PER_TEXT = 4000;

const RUN = new RegExp(
  String.raw`(?<![\p{L}\p{N}_+\-\/])(?<!\d[.,])[+(]?\d[\d \u00a0().\-\/]{5,${MAX_RUN}}`,
  'gu',
);

const DATE_LIKE = /^(?:\d{1,2}([./-])\d{1,2}\1\d{2,4}|\d{4}([./-])\d{1,2}\2\d{1,2})$/;
const THOUSANDS = /^\d{1,3}(?:\.\d{3})+$/;
const SSN_LAYOUT = /^\d{3}-\d{2}-\d{4}$/;
// How North American numbers are grouped: (1) 3 3 4.
const NANP_GROUPS = /^(?:1[ .-]?)?(?:\(\d{3}\)|\d{3})[ .-]?\d{3}[ .-]?\d{4}$/;
const IBAN_HEAD_BEFORE = /[A-Z]{2}\d{2} $/;
const NANP_LAYOUT = /^(?:\+?1[ .-])?(?:\(\d{3}\) ?|\d{3}([.-]))\d{3}[.-]\d{4}$|^\+1 \d{3} \d{3} \d{4}$/;
const NANP_BLOCK = /^[2-9]\d{2}[2-9]\d{6}$/;
/** "+44(0)20 7946 0958", "+49 (0)89 1234567": a trunk 0 in brackets after the country code is only ever a phone. */
const TRUNK_IN_BRACKETS = /^\+\d{1,3}[ \u00a0]?\(0\)/;
/**
 * An extension after the number: " x123", "x1234", " ext. 12", ", extension 4", " #123". It belongs to
 * the span, so the extension is not left in clear text beside the token.
 */
const EXTENSION =
  /^[ \u00a0]{0,2},?[ \u00a0]{0,2}(?:x|ext|extn|extension|#)\.?[ \u00a0]{0,2}\d{1,6}(?![\p{L}\p{N}_])/iu;
// Longest extension text: two spaces, a comma, two spaces, "extension", a dot, two spaces, six digits.
const MAX_EXTENSION_CHARS = 24;
const MONEY_BEFORE = /(?:[$€£¥₹]|\b(?:EUR|USD|GBP|CHF|JPY))[ \u00a0]?$/i;
const MONEY_OR_UNIT_AFTER = /^[ \u00a0]?(?:[$€£¥₹%‰]|(?:EUR|USD|GBP|CHF|JPY|kg|km|mm|cm|ms|kb|mb|gb)\b)/i;

// Words naming other kinds of numbers. "Number" itself is a phone word, so "order number" and
// the like are listed as phrases too: the longer phrase wins over "number".
// prettier-ignore
const NOT_A_PHONE = [
  'order', 'invoice', 'ref', 'reference', 'tracking', 'isbn', 'serial', 'version', 'build', 'iban', 'ticket', 'sku',
  'id', 'upc', 'ean', 'gtin', 'asin', 'patent', 'batch', 'bestell*', 'rechnung*', 'auftrag*', 'vertrag*',
  'kontonummer', 'kundennummer', 'artikel*', 'sendung*', 'commande', 'facture', 'référence', 'dossier', 'pedido',
  'factura', 'referencia', 'expediente', 'ordine', 'fattura', 'riferimento', 'pratica',
];
// Words that are fine before a phone number ("customer service", "account manager") but not before "number".
const NOT_A_PHONE_BEFORE_NUMBER = [
  'customer',
  'account',
  'case',
  'meeting',
  'policy',
  'lot',
  'konto',
  'kunden',
  'contrat',
];
const NUMBER_WORDS = ['number', 'no', 'nr', 'nummer', 'numéro', 'numero', 'número', 'code', 'id'];

function withNumberWords(words: string[], phraseOnly: string[]): string[] {
  return [...words, ...[...words, ...phraseOnly].flatMap((w) => NUMBER_WORDS.map((n) => `${w} ${n}`))];
}

// prettier-ignore
const CONTEXT: ContextRule = {
  positive: contextWords([
    // en
    'phone*', 'telephone', 'tel', 'ph', 'mobile', 'mob', 'cell', 'cellphone', 'call', 'calling', 'ring', 'reach',
    'contact', 'number', 'fax', 'whatsapp', 'signal', 'sms', 'text me', 'dial', 'hotline', 'landline',
    // de
    'telefon*', 'fon', 'handy*', 'mobil*', 'rufnummer', 'ruf', 'rufen', 'anruf*', 'erreich*', 'nummer', 'festnetz*',
    'durchwahl',
    // fr
    'téléphone', 'tél', 'portable', 'fixe', 'appel*', 'rappel*', 'joindre', 'joignable', 'numéro', 'numero',
    'contacter',
    // es
    'teléfono', 'telefono', 'tlf', 'tfno', 'móvil', 'movil', 'celular', 'llam*', 'llám*', 'número', 'contacto',
    // it
    'cellulare', 'chiam*', 'recapito', 'contatt*',
  ]),
  negative: contextWords(withNumberWords(NOT_A_PHONE, NOT_A_PHONE_BEFORE_NUMBER)),
};

function trunkPrefixIsZero(region: CountryCode): boolean {
  const metadata = new Metadata();
  metadata.selectNumberingPlan(region);
  // `nationalPrefix()` exists on libphonenumber's numbering plan but is missing from its typings.
  const plan = metadata.numberingPlan as unknown as { nationalPrefix?: () => unknown } | undefined;
  return plan?.nationalPrefix?.() === '0';
}

interface Region {
  code: CountryCode;
  trunkZero: boolean;
}

const regionCache = new Map<string, Region | null>();

function regionOf(code: string): Region | null {
  let region = regionCache.get(code);
  if (region === undefined) {
    const upper = code.toUpperCase();
    region = isSupportedCountry(upper) ? { code: upper, trunkZero: trunkPrefixIsZero(upper) } : null;
    regionCache.set(code, region);
  }
  return region;
}

/** Per-text state: verdicts on window texts are cached, and library validations are bounded. */
class WindowJudge {
  private readonly verdicts = new Map<string, number | null>();
  private validations = 0;

  constructor(private readonly regions: Region[]) {}

  /** Base score of a window's text, or null when it is not a phone number. */
  judge(window: string): number | null {
    let verdict = this.verdicts.get(window);
    if (verdict === undefined) {
      if (this.validations >= MAX_VALIDATIONS_PER_TEXT) return null;
      verdict = this.evaluate(window);
      this.verdicts.set(window, verdict);
    }
    return verdict;
  }

  private evaluate(window: string): number | null {
    let digits = window.replace(/\D/g, '');
    let international = window.startsWith('+');
    if (!international && digits.startsWith('00')) {
      international = true;
      digits = digits.slice(2);
    }
    if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS) return null;
    if (!parenthesesOk(window) || !separatorsOk(window)) return null;
    if (DATE_LIKE.test(window) || THOUSANDS.test(window) || SSN_LAYOUT.test(window)) return null;
    const formatted = /[^\d+]/.test(window);
    return international
      ? this.international(window, digits, formatted)
      : this.national(window, digits, formatted);
  }

  private parse(input: string, region?: CountryCode) {
    this.validations++;
    return parsePhoneNumberFromString(input, region);
  }

  private international(window: string, digits: string, formatted: boolean): number | null {
    const number = this.parse(`+${digits}`);
    if (!number) return null;
    if (number.isValid()) return SCORE_INTERNATIONAL;
    // "001-555-555-5555" is laid out like "+1-555-555-5555".
    const layout = window.replace(/^00/, '+');
    return formatted &&
      number.isPossible() &&
      (NANP_LAYOUT.test(layout) || /\s/.test(window) || TRUNK_IN_BRACKETS.test(window))
      ? SCORE_PHONE_LAYOUT
      : null;
  }

  private national(window: string, digits: string, formatted: boolean): number | null {
    const startsWithZero = digits.startsWith('0');
    // Digits in pairs ("06 12 34 56 78", "612 34 56 78") are how French, Spanish and German numbers
    // are written; read as anything else, a list of small numbers would pass as a phone.
    const pairs = (window.match(/(?<!\d)\d{2}(?!\d)/g) ?? []).length >= 3;
    for (const region of this.regions) {
      if (region.trunkZero && !startsWithZero) continue;
      if (pairs && !startsWithZero && region.code !== 'ES') continue;
      if (region.code === 'US' && formatted && !NANP_GROUPS.test(window)) continue;
      if (this.parse(digits, region.code)?.isValid()) {
        if (formatted) return SCORE_NATIONAL_FORMATTED;
        return startsWithZero ? SCORE_NATIONAL_TRUNK_BLOCK : SCORE_NATIONAL_BLOCK;
      }
    }
    const nanp = this.regions.some((r) => r.code === 'US');
    if (!formatted) return nanp && NANP_BLOCK.test(window) ? SCORE_NANP_SHAPED_BLOCK : null;
    if (nanp && NANP_LAYOUT.test(window)) return SCORE_PHONE_LAYOUT;
    if (startsWithZero) {
      for (const region of this.regions) {
        if (region.trunkZero && this.parse(digits, region.code)?.isPossible()) return SCORE_POSSIBLE_TRUNK;
      }
    }
    return null;
  }
}

function parenthesesOk(window: string): boolean {
  const open = window.split('(').length - 1;
  const close = window.split(')').length - 1;
  if (open === 0 && close === 0) return true;
  return open === 1 && close === 1 && /^\+?[\d \u00a0]*\(\d{1,5}\)/.test(window);
}

/**
 * Phone layouts never mix dots with dashes or slashes, and a single dot is a decimal point unless
 * what stands before it starts with a trunk 0 or a '+' ("02.1234567"; decimals have no leading zero).
 */
function separatorsOk(window: string): boolean {
  const dots = window.split('.').length - 1;
  if (dots === 1 && !/^(?:\+|0\d)/.test(window)) return false;
  if (dots > 1 && /[-/]/.test(window)) return false;
  return !(window.includes('-') && window.includes('/'));
}

function isMoneyOrMeasure(text: string, start: number, end: number): boolean {
  return (
    MONEY_BEFORE.test(text.slice(Math.max(0, start - 4), start)) ||
    MONEY_OR_UNIT_AFTER.test(text.slice(end, end + 4))
  );
}

function isNumberSign(text: string, start: number): boolean {
  return /[#№][ \u00a0]?$/.test(text.slice(Math.max(0, start - 2), start));
}

function resolveRegions(codes: readonly string[]): Region[] {
  return codes.map(regionOf).filter((r): r is Region => r !== null);
}

export function findPhoneSpans(text: string, options: { phoneRegions?: readonly string[] } = {}): Span[] {
  const judge = new WindowJudge(resolveRegions(options.phoneRegions ?? DEFAULT_PHONE_REGIONS));
  const spans: Span[] = [];
  for (const m of allMatches(RUN, text)) {
    // The digits after "DE89 " belong to an IBAN in print format.
    if (IBAN_HEAD_BEFORE.test(text.slice(Math.max(0, m.index - 5), m.index))) continue;
    for (const groups of pieces(m[0])) {
      const piece = new Piece(m[0], groups);
      const limits = { min: MIN_DIGITS, max: MAX_WINDOW_DIGITS };
      for (const c of chooseWindows(piece, limits, (i, j) => candidate(text, m.index, piece, i, j, judge))) {
        const span = scoredSpan(text, c);
        if (span) spans.push(span);
      }
    }
  }
  return spans;
}

interface Candidate {
  start: number;
  end: number;
  base: number;
}

/** The window from group i to group j when it is a phone number, before context is weighed. */
function candidate(
  text: string,
  runStart: number,
  piece: Piece,
  i: number,
  j: number,
  judge: WindowJudge,
): Candidate | null {
  const [start, end] = piece.bounds(i, j);
  const textStart = runStart + start;
  const textEnd = runStart + end;
  const extension = EXTENSION.exec(text.slice(textEnd, textEnd + MAX_EXTENSION_CHARS))?.[0] ?? '';
  // Glued to letters (but for "x123") or cut off at MAX_RUN in the middle of digits: not a phone number.
  if (!extension && textEnd < text.length && /[\p{L}\p{N}_]/u.test(text[textEnd]!)) return null;
  const base = judge.judge(text.slice(textStart, textEnd));
  if (base === null || isMoneyOrMeasure(text, textStart, textEnd + extension.length)) return null;
  return { start: textStart, end: textEnd + extension.length, base };
}

function scoredSpan(text: string, c: Candidate): Span | null {
  let score = scoreInContext(text, c.start, c.end, c.base, CONTEXT);
  if (isNumberSign(text, c.start)) score = Math.min(score, c.base) - 0.4;
  return score > 0 ? patternSpan('PHONE_NUMBER', c.start, c.end, score) : null;
}
