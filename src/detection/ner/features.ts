import type { Gazetteers, PhraseSet } from './gazetteer.js';
import { endsEntry, normalizeWord, startsEntry } from './gazetteer.js';
import type { Token } from './tokenizer.js';
import { isUrlOrEmail } from './tokenizer.js';
import type { WordLookup, WordSet } from './word-index.js';
import { fnv1a } from './word-index.js';

/** What a feature computation sees: the tokens of one text, their normalized keys and the model's word lists. */
export interface FeatureInput {
  readonly tokens: readonly Token[];
  /** normalizeWord of each token. */
  readonly keys: readonly string[];
  readonly shapes: readonly CaseShape[];
  /** Token is the first of the text or a line break precedes it. */
  readonly afterNewline: readonly boolean[];
  readonly gazetteers: Gazetteers;
}

/** A per-token binary feature: one value per token. */
export type TokenFeature = (input: FeatureInput) => readonly boolean[];

/**
 * Every per-token feature this runtime can compute, by name. A model's config.json lists the ones it
 * was trained with, in order, and the runtime computes exactly those (pii-ner-v11, like v3, v5, v6 and v7: the first 17,
 * or all 18 with common_word, see models/ner/build-data.ts).
 */
export const TOKEN_FEATURES: Readonly<Record<string, TokenFeature>> = {
  is_lower: ({ shapes }) => shapes.map((shape) => shape === 'lower'),
  is_title: ({ shapes }) => shapes.map((shape) => shape === 'title'),
  is_upper: ({ shapes }) => shapes.map((shape) => shape === 'upper'),
  is_mixed_case: ({ shapes }) => shapes.map((shape) => shape === 'mixed'),
  has_digit: ({ tokens }) => tokens.map((token) => HAS_DIGIT.test(token.text)),
  is_punct: ({ tokens }) => tokens.map((token) => !HAS_WORD_CHAR.test(token.text)),
  is_url_or_email: ({ tokens }) => tokens.map((token) => isUrlOrEmail(token.text)),
  sentence_start: ({ tokens, afterNewline }) =>
    tokens.map((_, i) => afterNewline[i]! || SENTENCE_END.has(tokens[i - 1]!.text)),
  after_newline: ({ afterNewline }) => afterNewline,
  first_name: ({ keys, gazetteers }) => matchWords(keys, gazetteers.first_names.keys),
  surname: ({ keys, gazetteers }) => matchWords(keys, gazetteers.surnames.keys),
  place: ({ keys, gazetteers }) => matchPhrases(keys, gazetteers.places),
  country: ({ keys, gazetteers }) => matchPhrases(keys, gazetteers.countries),
  org_suffix: ({ keys, gazetteers }) => matchPhrases(keys, gazetteers.org_suffixes),
  org_word: ({ keys, gazetteers }) => matchWords(keys, gazetteers.org_words.keys),
  after_title: ({ keys, gazetteers }) => {
    const titleEnds = phraseEnds(keys, gazetteers.titles);
    return keys.map(
      (_, i) => titleEnds[i - 1] === true || (keys[i - 1] === '.' && titleEnds[i - 2] === true),
    );
  },
  calendar_word: ({ keys, gazetteers }) => matchWords(keys, gazetteers.calendar_words.keys),
  /** The lower-cased word is a common dictionary word (gazetteers/common_words.txt). */
  common_word: ({ keys, gazetteers }) => {
    if (!gazetteers.common_words)
      throw new Error('token feature common_word needs gazetteers/common_words.txt');
    return matchWords(keys, gazetteers.common_words);
  },
};

/** Names of all features this runtime computes, in the order new models are trained with. */
export const FEATURE_NAMES: readonly string[] = Object.keys(TOKEN_FEATURES);

/** Feature names a model lists that this runtime cannot compute. */
export function unknownFeatures(names: readonly string[]): string[] {
  return names.filter((name) => !Object.hasOwn(TOKEN_FEATURES, name));
}

/** Ids 0 and 1 of the word and char vocabularies. */
export const PAD_ID = 0;
export const UNK_ID = 1;

export interface Vocabulary {
  /** Normalized word -> id (ids start at 2). Words not in it get a hashed bucket id after the vocabulary. */
  readonly words: WordLookup;
  readonly wordBuckets: number;
  /** Code point -> id (ids start at 2). */
  readonly chars: ReadonlyMap<string, number>;
  readonly maxCharsPerToken: number;
  /**
   * Normalized word -> row of the model's frozen pretrained vectors (ids start at 2; absent words get
   * UNK_ID). Only models with a `pretrained_ids` input have it.
   */
  readonly pretrained?: WordLookup;
}

/** Flat typed arrays, token-major, ready to be copied into model input tensors. */
export interface EncodedTokens {
  count: number;
  wordIds: Int32Array;
  /** Same word as in wordIds, always as its hashed bucket (training swaps them for word dropout). */
  bucketIds: Int32Array;
  /** maxCharsPerToken ids per token, padded with PAD_ID. */
  charIds: Int32Array;
  /** Row of each token's pretrained vector (normalizeWord, no digit folding); all UNK_ID without vectors. */
  pretrainedIds: Int32Array;
  /** One value (0/1) per token and requested feature, token-major. */
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

/** The hashed bucket of a word outside the vocabulary; identical in training-data builder and runtime. */
export function hashBucket(key: string, buckets: number): number {
  return fnv1a(key) % buckets;
}

export function encodeTokens(
  text: string,
  tokens: readonly Token[],
  vocab: Vocabulary,
  gazetteers: Gazetteers,
  featureNames: readonly string[],
): EncodedTokens {
  const count = tokens.length;
  const bucketBase = vocab.words.size + 2;
  const wordIds = new Int32Array(count);
  const bucketIds = new Int32Array(count);
  const charIds = new Int32Array(count * vocab.maxCharsPerToken);
  const pretrainedIds = new Int32Array(count).fill(UNK_ID);
  const normalized = tokens.map((t) => normalizeWord(t.text));
  for (let i = 0; i < count; i++) {
    if (vocab.pretrained) pretrainedIds[i] = vocab.pretrained.get(normalized[i]!) ?? UNK_ID;
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
    pretrainedIds,
    features: tokenFeatures(text, tokens, normalized, gazetteers, featureNames),
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

export type CaseShape = 'lower' | 'title' | 'upper' | 'mixed' | 'none';

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
  featureNames: readonly string[],
): Uint8Array {
  const unknown = unknownFeatures(featureNames);
  if (unknown.length > 0) throw new Error(`unknown token features: ${unknown.join(', ')}`);
  const input: FeatureInput = {
    tokens,
    keys,
    shapes: tokens.map((token) => caseShape(token.text)),
    afterNewline: afterNewlines(text, tokens),
    gazetteers,
  };
  const width = featureNames.length;
  const out = new Uint8Array(tokens.length * width);
  featureNames.forEach((name, f) => {
    const column = TOKEN_FEATURES[name]!(input);
    for (let i = 0; i < tokens.length; i++) out[i * width + f] = column[i] ? 1 : 0;
  });
  return out;
}

function afterNewlines(text: string, tokens: readonly Token[]): boolean[] {
  let nextNewline = text.indexOf('\n');
  return tokens.map((token, i) => {
    const previous = i > 0 ? tokens[i - 1] : undefined;
    if (previous === undefined) return true;
    while (nextNewline !== -1 && nextNewline < previous.end)
      nextNewline = text.indexOf('\n', nextNewline + 1);
    return nextNewline !== -1 && nextNewline < token.start;
  });
}

function matchWords(keys: readonly string[], set: WordSet): boolean[] {
  return keys.map((key) => set.has(key));
}

/** Marks every token covered by some entry of the set (longest match first, scanning left to right). */
function matchPhrases(keys: readonly string[], set: PhraseSet): boolean[] {
  const covered = new Array<boolean>(keys.length).fill(false);
  for (let i = 0; i < keys.length; i++) {
    let key = '';
    let longest = 0;
    for (let n = 1; n <= Math.min(set.maxTokens, keys.length - i); n++) {
      key = n === 1 ? keys[i]! : `${key} ${keys[i + n - 1]!}`;
      if (!startsEntry(set, key)) break;
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
    if (!endsEntry(set, keys[i]!)) continue;
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
