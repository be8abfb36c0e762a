import type { Span } from '../types.js';

/**
 * Diseases, laws and tools named after people are not those people, and tokenizing them spoils the
 * answer ("diagnosed with [NAME]'s"): "Parkinson's disease", "Down-Syndrom", "maladie de Parkinson",
 * "Newton's laws", "the Doppler effect", "a Petri dish". A person span is dropped when the word after
 * it (past a possessive or a hyphen) names what it was given to, or when a "disease of" phrase comes
 * before it; and a disease named after its describer, written alone with a possessive, is dropped
 * too ("my mother has Alzheimer's"), unless a title says it is a person ("Dr. Parkinson's office").
 */

const NAMED_THINGS_AFTER = [
  ...['disease', 'diseases', 'syndrome', 'disorder', 'palsy', 'lymphoma', 'sarcoma', 'reflex'],
  ...['law', 'laws', 'effect', 'principle', 'theorem', 'equation', 'constant', 'dish', 'burner'],
  ...['screwdriver'],
  // German nouns are capitalised: "Parkinson-Krankheit", "Down-Syndrom".
  ...['Krankheit', 'Syndrom'],
];
const DISEASE_OF_BEFORE = [
  ...['maladie de', 'syndrome de', 'enfermedad de', 'síndrome de', 'sindrome de', 'mal de'],
  ...['malattia di', 'morbo di', 'sindrome di', 'morbus'],
];
/** Diseases said by their describer's name alone: "has Alzheimer's", "ha il Parkinson". */
const DISEASE_NAMES: ReadonlySet<string> = new Set([
  ...['alzheimer', 'parkinson', 'crohn', 'huntington', 'asperger', 'tourette', 'hodgkin'],
  ...['addison', 'cushing', 'raynaud', 'hashimoto', 'sjögren', 'graves'],
]);

// Case-sensitive: "Laura Law" and "Anna Effect" may be names.
const THING_AFTER = new RegExp(
  String.raw`^(?:['’]s)?[ \t-]+(?:${NAMED_THINGS_AFTER.join('|')})(?![\p{L}\p{M}])`,
  'u',
);
const DISEASE_OF = new RegExp(String.raw`(?<![\p{L}\p{M}])(?:${DISEASE_OF_BEFORE.join('|')})[ \t]+$`, 'iu');
const POSSESSIVE_AFTER = /^['’]s(?![\p{L}\p{M}])/u;
const TITLE_BEFORE = /(?<![\p{L}\p{M}])(?:dr|prof|mr|mrs|ms|herr|frau|dott|sig)\.?[ \t]+$/iu;

export function withoutEponyms(text: string, spans: readonly Span[]): Span[] {
  return spans.filter((span) => {
    if (span.entity_type !== 'PERSON') return true;
    const after = text.slice(span.end, span.end + 24);
    const before = text.slice(Math.max(0, span.start - 24), span.start);
    if (THING_AFTER.test(after) || DISEASE_OF.test(before)) return false;
    const value = text.slice(span.start, span.end).toLowerCase();
    return !(DISEASE_NAMES.has(value) && POSSESSIVE_AFTER.test(after) && !TITLE_BEFORE.test(before));
  });
}
