/**
 * Entity substitution: real corpus sentences keep their context while their people, places and
 * organisations are swapped for names from the training lexicon. The model then sees real sentence
 * shapes with far more names than the corpora hold, so it cannot learn the corpora's few names by heart.
 */
import type { CharSpan, EntityKind, LabelledText } from './corpora.js';
import { firstName, fullName, surname } from './synthetic/generate.js';
import type { Language, Lexicon } from './synthetic/lexicon.js';
import { LANGUAGES } from './synthetic/lexicon.js';
import type { Random } from './synthetic/random.js';

export interface SubstituteOptions {
  /** Language of the sentences: most replacement names come from it, the rest from any language. */
  language: Language;
  /** Copies made of each sentence that holds at least one entity. */
  copies: number;
}

export function substituteEntities(
  texts: readonly LabelledText[],
  lexicon: Lexicon,
  random: Random,
  options: SubstituteOptions,
): LabelledText[] {
  const out: LabelledText[] = [];
  for (const source of texts) {
    if (source.spans.length === 0) continue;
    for (let copy = 0; copy < options.copies; copy++) {
      const language = random.chance(0.6) ? options.language : random.pick(LANGUAGES);
      out.push(substituteOnce(source, language, lexicon, random));
    }
  }
  return out;
}

function substituteOnce(
  { text, spans, ignored }: LabelledText,
  language: Language,
  lexicon: Lexicon,
  random: Random,
): LabelledText {
  // Ignored gold spans (WNUT products, groups) stay as they are; entities are rebuilt left to right.
  const ordered = [...spans].sort((a, b) => a.start - b.start);
  let result = '';
  let cursor = 0;
  const newSpans: CharSpan[] = [];
  const shift: { at: number; delta: number }[] = [];
  for (const span of ordered) {
    if (span.start < cursor) continue;
    result += text.slice(cursor, span.start);
    const original = text.slice(span.start, span.end);
    const replacement = matchCasing(original, replacementFor(original, span.type, language, lexicon, random));
    newSpans.push({ start: result.length, end: result.length + replacement.length, type: span.type });
    shift.push({ at: span.end, delta: result.length + replacement.length - span.end });
    result += replacement;
    cursor = span.end;
  }
  result += text.slice(cursor);
  const moved = (offset: number) => {
    let delta = 0;
    for (const s of shift) if (s.at <= offset) delta = s.delta;
    return offset + delta;
  };
  return {
    text: result,
    spans: newSpans,
    ignored: ignored
      ?.filter((i) => !ordered.some((s) => s.start < i.end && i.start < s.end))
      .map((i) => ({ start: moved(i.start), end: moved(i.end) })),
  };
}

function replacementFor(
  original: string,
  type: EntityKind,
  language: Language,
  lexicon: Lexicon,
  random: Random,
): string {
  if (type === 'PERSON') {
    if (original.startsWith('@')) return `@${handle(language, lexicon, random)}`;
    // Keep the shape: one word stays one word (a first name or a surname), longer names stay full.
    if (!/\s/.test(original.trim()))
      return random.chance(0.6) ? firstName(language, lexicon, random) : surname(language, lexicon, random);
    return fullName(language, lexicon, random);
  }
  if (type === 'LOCATION') {
    const roll = random.next();
    if (roll < 0.6) return random.pick(lexicon.cities[language]);
    if (roll < 0.75) return random.pick(lexicon.worldCities);
    if (roll < 0.9 || lexicon.regions[language].length === 0) return random.pick(lexicon.countries[language]);
    return random.pick(lexicon.regions[language]);
  }
  if (original.startsWith('@'))
    return `@${random.pick(lexicon.worldCompanies).replace(/[^\p{L}\p{N}]/gu, '')}`;
  return random.chance(0.5) ? random.pick(lexicon.worldCompanies) : random.pick(lexicon.companies[language]);
}

function handle(language: Language, lexicon: Lexicon, random: Random): string {
  const first = firstName(language, lexicon, random).replace(/[^\p{L}]/gu, '');
  const last = surname(language, lexicon, random).replace(/[^\p{L}]/gu, '');
  const roll = random.next();
  if (roll < 0.3) return `${first}${last}`;
  if (roll < 0.5) return `${first}_${last}`.toLowerCase();
  if (roll < 0.7) return `${first.toLowerCase()}${random.int(100)}`;
  return `${first[0] ?? ''}${last}`;
}

/** Lower-case and ALL-CAPS mentions stay so: tweets and OCR text write names both ways. */
function matchCasing(original: string, replacement: string): string {
  const letters = original.replace(/[^\p{L}]/gu, '');
  if (letters.length > 1 && letters === letters.toLowerCase()) return replacement.toLowerCase();
  if (letters.length > 1 && letters === letters.toUpperCase()) return replacement.toUpperCase();
  return replacement;
}
