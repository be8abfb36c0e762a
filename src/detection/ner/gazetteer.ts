import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tokenize } from './tokenizer.js';
import { compactWordSet, type WordSet } from './word-index.js';

/**
 * Word lists shipped inside a model directory (one entry per line). Entries are stored as phrase
 * keys: the entry tokenized with our tokenizer, lower-cased, tokens joined by one space, so
 * "New York", "S.p.A." and "GmbH & Co. KG" match token sequences exactly.
 */
export const GAZETTEER_NAMES = [
  'first_names',
  'surnames',
  'places',
  'countries',
  'org_suffixes',
  'org_words',
  'titles',
  'calendar_words',
] as const;

export type GazetteerName = (typeof GAZETTEER_NAMES)[number];

export interface PhraseSet {
  /** Every entry's key; a compact set, since the name lists hold about 175,000 (`compactWordSet`). */
  readonly keys: WordSet;
  /**
   * Every token-prefix of every multi-token entry, so phrase matching stops as soon as nothing can
   * match. Single-token entries are only in `keys`: the name lists hold about 175,000 of them, and a
   * second and third copy cost each detection thread tens of MB.
   */
  readonly prefixes: ReadonlySet<string>;
  /** Last token of every multi-token entry (single-token entries: see `keys`). */
  readonly lastTokens: ReadonlySet<string>;
  /** Longest entry, in tokens. */
  readonly maxTokens: number;
}

/** Whether `key` (one token or a phrase of several) starts some entry of the set. */
export const startsEntry = (set: PhraseSet, key: string) => set.prefixes.has(key) || set.keys.has(key);

/** Whether the token `key` ends some entry of the set. */
export const endsEntry = (set: PhraseSet, key: string) => set.lastTokens.has(key) || set.keys.has(key);

/**
 * common_words (gazetteers/common_words.txt: one normalized word per line, no phrases) is loaded only
 * for models whose features include common_word.
 */
export type Gazetteers = Readonly<Record<GazetteerName, PhraseSet>> & {
  readonly common_words?: WordSet;
};

// Code points below U+0300 are NFC-stable and only combine with marks at U+0300 and above.
const MAY_NEED_NFC = /[\u0300-\uffff]/;

export function normalizeWord(word: string): string {
  return (MAY_NEED_NFC.test(word) ? word.normalize('NFC') : word).toLowerCase();
}

export function phraseKey(phrase: string): string {
  return tokenize(phrase)
    .map((token) => normalizeWord(token.text))
    .join(' ');
}

export function buildPhraseSet(entries: Iterable<string>): PhraseSet {
  const keys: string[] = [];
  const prefixes = new Set<string>();
  const lastTokens = new Set<string>();
  let maxTokens = 1;
  for (const entry of entries) {
    const key = phraseKey(entry.trim());
    if (key === '') continue;
    const parts = key.split(' ');
    keys.push(key);
    if (parts.length > 1) {
      for (let n = 1; n <= parts.length; n++) prefixes.add(parts.slice(0, n).join(' '));
      lastTokens.add(parts[parts.length - 1]!);
    }
    maxTokens = Math.max(maxTokens, parts.length);
  }
  return { keys: compactWordSet(keys), prefixes, lastTokens, maxTokens };
}

export async function loadGazetteers(
  modelDir: string,
  options: { commonWords: boolean },
): Promise<Gazetteers> {
  const read = (name: string) => readFile(join(modelDir, 'gazetteers', `${name}.txt`), 'utf8');
  const entries = await Promise.all(
    GAZETTEER_NAMES.map(async (name) => [name, buildPhraseSet((await read(name)).split('\n'))] as const),
  );
  const sets = Object.fromEntries(entries) as Record<GazetteerName, PhraseSet>;
  if (!options.commonWords) return sets;
  const words = (await read('common_words')).split('\n').filter((word) => word !== '');
  return { ...sets, common_words: compactWordSet(words) };
}
