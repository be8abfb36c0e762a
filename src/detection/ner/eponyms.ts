import type { Span } from '../types.js';

/**
 * Diseases, laws and tools named after people are not those people, and tokenizing them spoils the
 * answer ("diagnosed with [NAME]'s"): "Parkinson's disease", "Down-Syndrom", "maladie de Parkinson",
 * "Newton's laws", "the Doppler effect", "a Petri dish". A person span is dropped when the word after
 * it (past a possessive or a hyphen) names what it was given to, or when a "disease of" phrase comes
 * before it; and a disease named after its describer, written alone with a possessive, is dropped
 * too ("my mother has Alzheimer's"), unless a title says it is a person ("Dr. Parkinson's office").
 * Everyday things whose names hold a first name or surname are not people either: "Eggs Benedict",
 * "a Granny Smith", "the Lazy Susan", "una torta Margherita", "Grant applications", and days named
 * after saints ("Valentine's Day", "la Saint-Valentin", "San Valentino").
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

/**
 * Set phrases of food, things and idioms with a person's name in them, and compounds where a word
 * that is also a name is an ordinary noun or adjective ("Grant applications close Friday", "Carol
 * singers came by", "Frank feedback"); none of them is a person. A plural "s" may follow.
 */
const NAME_PHRASES = [
  ...['grant application', 'grant proposal', 'grant funding', 'grant deadline', 'grant writing'],
  ...['grant money', 'carol singer', 'carol singing', 'carol service', 'jack stand', 'ruby red'],
  ...['penny for your thoughts', 'penny stock', 'frank discussion', 'frank conversation'],
  ...['frank feedback', 'frank opinion', 'frank answer', 'frank assessment', 'ray tracing'],
  ...['hunter boots', 'hunter green'],
  ...['eggs benedict', 'granny smith', 'lazy susan', 'bloody mary', 'earl grey', 'beef wellington'],
  ...['caesar salad', 'peach melba', 'pêche melba', 'crêpe suzette', 'crêpes suzette', 'tarte tatin'],
  ...['pizza margherita', 'torta margherita', 'oysters rockefeller', 'cherries jubilee', 'sloppy joe'],
  ...['peeping tom', 'doubting thomas', 'nosy parker', 'smart alec', 'average joe', 'plain jane'],
  ...['uncle sam', 'tom thumb'],
  // Days named after saints: "Valentine's Day dinner", "la Saint-Valentin", "per San Valentino".
  ...["(?:saint |st\\.? )?valentine['’]?s day", "(?:saint |st\\.? )?patrick['’]?s day", 'saint-valentin'],
  ...['saint valentin', 'san valentino', 'san valentín', 'san patrizio', 'san patricio', 'saint-patrick'],
];
const NAME_PHRASE = new RegExp(
  String.raw`(?<![\p{L}\p{M}])(?:${NAME_PHRASES.join('|').replaceAll(' ', String.raw`[ \t]+`)})s?(?![\p{L}\p{M}])`,
  'giu',
);

// Case-sensitive: "Laura Law" and "Anna Effect" may be names.
const THING_AFTER = new RegExp(
  String.raw`^(?:['’]s)?[ \t-]+(?:${NAMED_THINGS_AFTER.join('|')})(?![\p{L}\p{M}])`,
  'u',
);
const DISEASE_OF = new RegExp(String.raw`(?<![\p{L}\p{M}])(?:${DISEASE_OF_BEFORE.join('|')})[ \t]+$`, 'iu');
const POSSESSIVE_AFTER = /^['’]s(?![\p{L}\p{M}])/u;
const TITLE_BEFORE = /(?<![\p{L}\p{M}])(?:dr|prof|mr|mrs|ms|herr|frau|dott|sig)\.?[ \t]+$/iu;

export function withoutEponyms(text: string, spans: readonly Span[]): Span[] {
  if (!spans.some((span) => span.entity_type === 'PERSON')) return [...spans];
  const phrases = [...text.matchAll(NAME_PHRASE)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
  }));
  return spans.filter((span) => {
    if (span.entity_type !== 'PERSON') return true;
    if (phrases.some((p) => p.start <= span.start && span.end <= p.end)) return false;
    const after = text.slice(span.end, span.end + 24);
    const before = text.slice(Math.max(0, span.start - 24), span.start);
    if (THING_AFTER.test(after) || DISEASE_OF.test(before)) return false;
    const value = text.slice(span.start, span.end).toLowerCase();
    return !(DISEASE_NAMES.has(value) && POSSESSIVE_AFTER.test(after) && !TITLE_BEFORE.test(before));
  });
}
