import type { Span } from '../types.js';
import { guessLanguage } from './text-language.js';

/**
 * German writes every noun with a capital, and the model reads some of them as a person or a place,
 * mostly compounds: "Heute Grillabend?", "Sonntag Flohmarkt", "am Nachmittag Rückblick", "nach
 * Rücksprache". In German text, a one-word person or place span that ends in a common noun or noun
 * suffix ("-abend", "-markt", "-blick", "-ung", "-heit", …) and that no name or place list holds is
 * such a noun and is dropped, unless a title stands before it ("Frau Zeitung"). Surnames built the
 * same way ("Hartung", "Neuhaus") are in the lists.
 */
const NOUN_ENDINGS = [
  ...['abend', 'markt', 'blick', 'salat', 'sprache', 'ung', 'heit', 'keit', 'schaft', 'tion', 'ismus'],
  ...['zeit', 'runde', 'sitzung', 'pause', 'essen', 'fest', 'feier', 'kuchen', 'suppe', 'liste'],
  ...['termin', 'gespräch', 'bericht', 'arbeit', 'woche', 'stunde', 'urlaub', 'ausflug', 'treffen'],
];
const GERMAN_NOUN = new RegExp(String.raw`^\p{Lu}[\p{Ll}\p{M}]{2,}(?:${NOUN_ENDINGS.join('|')})$`, 'u');
const WORD_BEFORE = /([\p{L}\p{M}]+)\.?[ \t]+$/u;

export function withoutGermanNouns(
  text: string,
  spans: readonly Span[],
  isPersonName: (word: string) => boolean,
  isPlace: (word: string) => boolean,
  isTitle: (word: string) => boolean,
): Span[] {
  const candidate = (span: Span) =>
    (span.entity_type === 'PERSON' || span.entity_type === 'LOCATION') &&
    GERMAN_NOUN.test(text.slice(span.start, span.end));
  if (!spans.some(candidate) || guessLanguage(text) !== 'de') return [...spans];
  return spans.filter((span) => {
    if (!candidate(span)) return true;
    const word = text.slice(span.start, span.end);
    const before = WORD_BEFORE.exec(text.slice(Math.max(0, span.start - 12), span.start))?.[1];
    if (before !== undefined && isTitle(before)) return true;
    return span.entity_type === 'PERSON' ? isPersonName(word) : isPlace(word);
  });
}
