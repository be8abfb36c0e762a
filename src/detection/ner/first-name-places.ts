import { LABEL_OF, type Span } from '../types.js';

const ONE_WORD = /^[\p{Lu}\p{Lt}][\p{L}\p{M}]*$/u;
const PREPOSITION_BEFORE =
  /(?<![\p{L}\p{M}])(?:a|à|ad|per|da|di|con|para|pour|avec|chez|mit|für|bei)[ \t\u00a0]+$/iu;

const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
/** Every two-letter region code, and the UN M49 codes of continents and world regions ("Asia", "Africa"). */
const REGION_CODES = [
  ...LETTERS.flatMap((a) => LETTERS.map((b) => a + b)),
  ...['001', '002', '009', '019', '142', '150', '419'],
];

/**
 * Countries and continents as ICU names them in our five languages ("Syria", "Siria", "Jordan",
 * "Chad", "Asia"): the gazetteer's countries are faker's formal names ("Syrian Arab Republic").
 */
const REGION_NAMES: ReadonlySet<string> = new Set(
  ['en', 'de', 'fr', 'es', 'it'].flatMap((language) => {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    return REGION_CODES.map((code) => names.of(code)?.toLowerCase() ?? '');
  }),
);

/**
 * After a preposition that takes people as readily as places ("a", "à", "per", "da", "di", "con",
 * "chez", "mit", "bei", …), the model reads some names as places: "pagar 12 € a Nuria", "je le laisse
 * à Thierno", "mandalo a Lorenza". There a one-word place span that is a known first name and no
 * known place, country or continent is a person. English prepositions are left out: after "to", "in"
 * or "from" a name-like word is a place far more often ("in Chelsea"), and the English model reads
 * names after them well.
 */
export function firstNamePlacesAsPeople(
  text: string,
  spans: readonly Span[],
  isFirstName: (word: string) => boolean,
  isPlace: (word: string) => boolean,
): Span[] {
  return spans.map((span) => {
    if (span.entity_type !== 'LOCATION') return span;
    const word = text.slice(span.start, span.end);
    if (
      !ONE_WORD.test(word) ||
      !PREPOSITION_BEFORE.test(text.slice(Math.max(0, span.start - 8), span.start)) ||
      !isFirstName(word) ||
      isPlace(word) ||
      REGION_NAMES.has(word.toLowerCase())
    )
      return span;
    return { ...span, entity_type: 'PERSON', label: LABEL_OF.PERSON };
  });
}
