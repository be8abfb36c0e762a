import type { Gazetteers, PhraseSet } from './gazetteer.js';
import { normalizeWord } from './gazetteer.js';
import type { Token } from './tokenizer.js';
import { isUrlOrEmail } from './tokenizer.js';

/** Per-token binary features, in the order the model was trained with (config.json repeats the list). */
export const FEATURE_NAMES = [
  'is_lower',
  'is_title',
  'is_upper',
  'is_mixed_case',
  'has_digit',
  'is_punct',
  'is_url_or_email',
  'sentence_start',
  'after_newline',
  'first_name',
  'surname',
  'place',
  'country',
  'org_suffix',
  'org_word',
  'after_title',
  'calendar_word',
] as const;

export const FEATURE_COUNT = FEATURE_NAMES.length;

/** Ids 0 and 1 of the word and char vocabularies. */
export const PAD_ID = 0;
export const UNK_ID = 1;

export interface Vocabulary {
  /** Normalized word -> id (ids start at 2). Words not in it get a hashed bucket id after the vocabulary. */
  readonly words: ReadonlyMap<string, number>;
  readonly wordBuckets: number;
  /** Code point -> id (ids start at 2). */
  readonly chars: ReadonlyMap<string, number>;
  readonly maxCharsPerToken: number;
}

/** Flat typed arrays, token-major, ready to be copied into model input tensors. */
export interface EncodedTokens {
  count: number;
  wordIds: Int32Array;
  /** Same word as in wordIds, always as its hashed bucket (training swaps them for word dropout). */
  bucketIds: Int32Array;
  /** maxCharsPerToken ids per token, padded with PAD_ID. */
  charIds: Int32Array;
  /** FEATURE_COUNT values (0/1) per token. */
  features: Uint8Array;
}

const DIGIT = /\p{Nd}/gu;

/** Lower-cased, NFC, digits folded to 0: the key of the word vocabulary. */
export function vocabularyKey(word: string): string {
  return vocabularyKeyOfNormalized(normalizeWord(word));
}

function vocabularyKeyOfNormalized(normalized: string): string {
  return normalized.replace(DIGIT, '0');
}

/** FNV-1a over UTF-16 code units; identical in training-data builder and runtime. */
export function hashBucket(key: string, buckets: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % buckets;
}

export function encodeTokens(
  text: string,
  tokens: readonly Token[],
  vocab: Vocabulary,
  gazetteers: Gazetteers,
): EncodedTokens {
  const count = tokens.length;
  const bucketBase = vocab.words.size + 2;
  const wordIds = new Int32Array(count);
  const bucketIds = new Int32Array(count);
  const charIds = new Int32Array(count * vocab.maxCharsPerToken);
  const normalized = tokens.map((t) => normalizeWord(t.text));
  for (let i = 0; i < count; i++) {
    const key = vocabularyKeyOfNormalized(normalized[i]!);
    const bucketId = bucketBase + hashBucket(key, vocab.wordBuckets);
    bucketIds[i] = bucketId;
    wordIds[i] = vocab.words.get(key) ?? bucketId;
    encodeChars(tokens[i]!.text, vocab, charIds, i * vocab.maxCharsPerToken);
  }
  return {
    count,
    wordIds,
    bucketIds,
    charIds,
    features: tokenFeatures(text, tokens, normalized, gazetteers),
  };
}

function encodeChars(word: string, vocab: Vocabulary, out: Int32Array, offset: number): void {
  const max = vocab.maxCharsPerToken;
  const codePoints = Array.from(word);
  // Long tokens keep their first and last characters: both ends carry the morphology.
  const half = max >> 1;
  const kept =
    codePoints.length <= max
      ? codePoints
      : [...codePoints.slice(0, half), ...codePoints.slice(codePoints.length - (max - half))];
  for (let i = 0; i < kept.length; i++) out[offset + i] = vocab.chars.get(kept[i]!) ?? UNK_ID;
}

type CaseShape = 'lower' | 'title' | 'upper' | 'mixed' | 'none';

function caseShape(word: string): CaseShape {
  let upper = 0;
  let lower = 0;
  let firstUpper = false;
  for (const char of word) {
    const lowered = char.toLowerCase();
    const uppered = char.toUpperCase();
    if (lowered === uppered) {
      // A letter without case (CJK, Arabic, ...) makes the whole token shapeless.
      if (char.charCodeAt(0) >= 0xaa && IS_LETTER.test(char)) return 'none';
      continue;
    }
    if (char === uppered) {
      if (upper + lower === 0) firstUpper = true;
      upper++;
    } else lower++;
  }
  if (upper + lower === 0) return 'none';
  if (upper === 0) return 'lower';
  if (lower === 0) return upper === 1 ? 'title' : 'upper';
  if (firstUpper && upper === 1) return 'title';
  return 'mixed';
}

const HAS_DIGIT = /\p{N}/u;
const IS_LETTER = /\p{L}/u;
const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;

const SENTENCE_END = new Set([
  '.',
  '!',
  '?',
  ':',
  ';',
  '…',
  '"',
  '“',
  '”',
  '¡',
  '¿',
  '(',
  '[',
  '{',
  '|',
  '-',
  '–',
  '—',
  '*',
  '>',
  '•',
]);

function tokenFeatures(
  text: string,
  tokens: readonly Token[],
  keys: readonly string[],
  gazetteers: Gazetteers,
): Uint8Array {
  const count = tokens.length;
  const lists = [
    matchWords(keys, gazetteers.first_names),
    matchWords(keys, gazetteers.surnames),
    matchPhrases(keys, gazetteers.places),
    matchPhrases(keys, gazetteers.countries),
    matchPhrases(keys, gazetteers.org_suffixes),
    matchWords(keys, gazetteers.org_words),
  ];
  const inCalendar = matchWords(keys, gazetteers.calendar_words);
  const titleEnds = phraseEnds(keys, gazetteers.titles);

  const out = new Uint8Array(count * FEATURE_COUNT);
  let nextNewline = text.indexOf('\n');
  for (let i = 0; i < count; i++) {
    const token = tokens[i]!;
    const previous = i > 0 ? tokens[i - 1] : undefined;
    while (nextNewline !== -1 && previous !== undefined && nextNewline < previous.end)
      nextNewline = text.indexOf('\n', nextNewline + 1);
    const afterNewline = previous === undefined || (nextNewline !== -1 && nextNewline < token.start);
    const shape = caseShape(token.text);
    const row = [
      shape === 'lower',
      shape === 'title',
      shape === 'upper',
      shape === 'mixed',
      HAS_DIGIT.test(token.text),
      !HAS_WORD_CHAR.test(token.text),
      isUrlOrEmail(token.text),
      afterNewline || SENTENCE_END.has(previous.text),
      afterNewline,
      ...lists.map((list) => list[i]!),
      titleEnds[i - 1] === true || (keys[i - 1] === '.' && titleEnds[i - 2] === true),
      inCalendar[i]!,
    ];
    for (let f = 0; f < FEATURE_COUNT; f++) out[i * FEATURE_COUNT + f] = row[f] ? 1 : 0;
  }
  return out;
}

function matchWords(keys: readonly string[], set: PhraseSet): boolean[] {
  return keys.map((key) => set.keys.has(key));
}

/** Marks every token covered by some entry of the set (longest match first, scanning left to right). */
function matchPhrases(keys: readonly string[], set: PhraseSet): boolean[] {
  const covered = new Array<boolean>(keys.length).fill(false);
  for (let i = 0; i < keys.length; i++) {
    let key = '';
    let longest = 0;
    for (let n = 1; n <= Math.min(set.maxTokens, keys.length - i); n++) {
      key = n === 1 ? keys[i]! : `${key} ${keys[i + n - 1]!}`;
      if (!set.prefixes.has(key)) break;
      if (set.keys.has(key)) longest = n;
    }
    if (longest > 0) covered.fill(true, i, i + longest);
  }
  return covered;
}

/** Marks the last token of every match. */
function phraseEnds(keys: readonly string[], set: PhraseSet): boolean[] {
  const ends = new Array<boolean>(keys.length).fill(false);
  for (let i = 0; i < keys.length; i++) {
    if (!set.lastTokens.has(keys[i]!)) continue;
    let key = '';
    for (let n = 1; n <= Math.min(set.maxTokens, i + 1); n++) {
      key = n === 1 ? keys[i]! : `${keys[i - n + 1]!} ${key}`;
      if (set.keys.has(key)) {
        ends[i] = true;
        break;
      }
    }
  }
  return ends;
}
