import { partitionPoint } from '../partition-point.js';
import type { Span } from '../types.js';

/**
 * Tagged spans that are code or product codes, not names: a function call or its argument
 * ("len(lista)", "Decimal("0.01")"), a word with digits ("A4") or a constant ("E_LOCK"), a piece of
 * a product code ("TAZA-BLANCO-350", "ORD-9034", "Ticket INC-20931"), a code's label before its
 * number ("EAN 4006381333931"), a letter's abbreviation ("Rif. ordine"), a time zone's name ("TZ=Europe/Berlin"), an SQL keyword in a query ("LIMIT"), a "place"
 * that is one word of letters and digits ("60s", "CM1", "KW23"). People,
 * places and companies are never written glued to a bracket, and people never with digits, except
 * as user handles ("@Luke5SOS"), which are kept. Names written like user names stay ("maria_rossi",
 * "j.smith"): they still name someone, though some are a variable or a member access ("p.menge").
 */

const CALL_FOLLOWS = /^\(/;
const CALL_ARGUMENT = /[\p{L}\p{N}_]\($/u;
const HANDLE_BEFORE = /@\s?$/;
const DIGIT = /\p{N}/u;
const CONSTANT = /^[\p{Lu}\p{N}]*_[\p{Lu}\p{N}_]*$/u;
const CODE_CONTINUES = /^(?:[-_]?\p{N}|_)/u;
/** A code continuing through a joiner: "-20931" of "INC-20931". */
const GLUED_CODE_AFTER = /^(?:[-_]\p{N}|_)/u;
/** The piece before ends a code in capitals or digits: "MESA-|NOGAL". */
const CODE_BEFORE = /[\p{Lu}\p{N}]-$/u;
const QUOTED = /['"`]$/;
/**
 * Labels of product, tax and shipping codes, written in capitals before their number ("EAN
 * 4006381333931", "SKU: 88123", "SIRET 73282932000074"); "Ean" and "Sku" are names to the model.
 */
const CODE_LABELS: ReadonlySet<string> = new Set([
  ...['EAN', 'UPC', 'SKU', 'GTIN', 'ISBN', 'ISSN', 'ASIN', 'PZN', 'MPN', 'IMEI', 'VIN', 'EORI'],
  ...['SIRET', 'SIREN', 'TVA', 'IVA', 'NIF', 'CIF', 'NIE', 'UID', 'PLZ', 'CAP', 'DDT', 'KW', 'CW'],
]);
/** Abbreviations of business letters, written with their dot ("Rif. ordine 2024/118", "Prot. n."): not places. */
const LETTER_ABBREVIATIONS: ReadonlySet<string> = new Set([
  ...['rif', 'ref', 'réf', 'prot', 'cod', 'cfr', 'ns', 'vs', 'pag', 'tel', 'fax'],
]);
const NUMBER_AFTER_LABEL = /^[ \t\u00a0]*(?:[:#]|n[°º.]|no\.?|nr\.?)?[ \t\u00a0]*\p{N}/iu;
const LOWER = /\p{Ll}/u;
const LETTER = /\p{L}/u;
const ONE_WORD = /^[\p{L}\p{N}]+$/u;
/** Statement and clause keywords in capitals, as SQL is written, and the statement separator. */
const SQL_WORDS = /\b(?:(SELECT|UPDATE|DELETE)|(FROM|SET|WHERE)|(INSERT INTO))\b|(;)/g;
const SQL_KEYWORD =
  /\b(?:SELECT|FROM|WHERE|AND|OR|NOT|NULL|GROUP|ORDER|BY|HAVING|LIMIT|OFFSET|JOIN|LEFT|RIGHT|INNER|OUTER|ON|AS|IN|SET|VALUES|INTO|DESC|ASC|UNION|DISTINCT|COUNT|SUM|AVG|CASE|WHEN|THEN|ELSE|END)\b/;

/**
 * Whether the text holds a query: a statement keyword, then a clause keyword in the same statement
 * (no ";" between), or "INSERT INTO". One pass over the text: a pattern with `[^;]*` between the two
 * keywords rescans the rest of the text from every "SELECT" (2 s for 144,000 characters of them).
 */
export function holdsSqlQuery(text: string): boolean {
  let inStatement = false;
  for (const [, statement, clause, insert, separator] of text.matchAll(SQL_WORDS)) {
    if (insert || (clause && inStatement)) return true;
    if (statement) inStatement = true;
    else if (separator) inStatement = false;
  }
  return false;
}

/** `isQuery` tells whether the text holds a query; `withoutCodeLike` asks it once per text. */
export function isCodeLike(
  text: string,
  span: Span,
  isQuery: () => boolean = () => holdsSqlQuery(text),
): boolean {
  const before = text.slice(Math.max(0, span.start - 2), span.start);
  if (HANDLE_BEFORE.test(before)) return false;
  const after = text.slice(span.end, span.end + 2);
  if (CALL_FOLLOWS.test(after) || CALL_ARGUMENT.test(before)) return true;
  const value = text.slice(span.start, span.end);
  if (CODE_LABELS.has(value) && NUMBER_AFTER_LABEL.test(text.slice(span.end, span.end + 8))) return true;
  if (text[span.end] === '.' && LETTER_ABBREVIATIONS.has(value.toLowerCase())) return true;
  // A quoted value in a query is data ('BMW GROUP'), not the query's words.
  if (SQL_KEYWORD.test(value) && !QUOTED.test(before) && isQuery()) return true;
  // Companies and places carry digits ("F45 Training", "Zürich (Kreis 7)"); people do not. Only a
  // place or company in capitals glued to a code's other pieces is one of them.
  if (span.entity_type === 'LOCATION' && ONE_WORD.test(value) && DIGIT.test(value) && LETTER.test(value))
    return true;
  if (span.entity_type !== 'PERSON') {
    // "Ticket INC-20931": a last word in capitals glued to the code's digits is the code's prefix.
    const lastWord = value.slice(value.search(/\S+$/u));
    if (!LOWER.test(lastWord) && GLUED_CODE_AFTER.test(after)) return true;
    return !LOWER.test(value) && (CODE_CONTINUES.test(after) || CODE_BEFORE.test(before));
  }
  return DIGIT.test(value) || CONSTANT.test(value) || CODE_CONTINUES.test(after);
}

/** IANA time zone names as ICU knows them ("Europe/Berlin", "America/Argentina/Buenos_Aires"). */
const TIME_ZONES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('timeZone'));
const TIME_ZONE = /(?<![\p{L}\p{N}_/])[A-Z][A-Za-z]+(?:\/[A-Za-z][A-Za-z_-]*){1,2}(?![\p{L}\p{N}_/])/gu;

/** Where the text names a time zone: configuration, not a place anyone lives in. */
function timeZonesIn(text: string): { start: number; end: number }[] {
  if (!text.includes('/')) return [];
  return [...text.matchAll(TIME_ZONE)]
    .filter((match) => TIME_ZONES.has(match[0]))
    .map((match) => ({ start: match.index, end: match.index + match[0].length }));
}

export function withoutCodeLike(text: string, spans: readonly Span[]): Span[] {
  let query: boolean | undefined;
  const isQuery = () => (query ??= holdsSqlQuery(text));
  const zones = timeZonesIn(text);
  // Zones are in text order and apart: the only one that can overlap a span is the first ending past its start.
  const inZone = (span: Span) => {
    const zone = zones[partitionPoint(zones, (z) => z.end <= span.start)];
    return zone !== undefined && zone.start < span.end;
  };
  return spans.filter((span) => !isCodeLike(text, span, isQuery) && !(zones.length && inZone(span)));
}
