/**
 * The common_word lexicon (gazetteers/common_words.txt): lower-case stems of the Hunspell dictionaries
 * whose licence lets us ship a word list derived from them (credited in models/NOTICE). Stems only
 * (the /FLAGS part is dropped, no affixes are expanded). Capitalised entries are proper nouns in
 * these languages and are left out.
 *
 * Not used: de_DE (igerman98: GPL-2 or GPL-3 only) and it_IT (GPL-3 only).
 * Needs `apt-get install hunspell-en-us hunspell-fr hunspell-es`; HUNSPELL_DIR overrides the directory.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeWord } from '../../src/detection/ner/gazetteer.js';
import { tokenize } from '../../src/detection/ner/tokenizer.js';

export const COMMON_WORD_DICTIONARIES = [
  // SCOWL (Kevin Atkinson), permissive SCOWL licence; Debian hunspell-en-us.
  { language: 'en', file: 'en_US.dic' },
  // Dicollecte / Grammalecte "classique", MPL-2.0; Debian hunspell-fr-classical.
  { language: 'fr', file: 'fr.dic' },
  // Santiago Bosio, GPL-3+ or LGPL-3+ or MPL-1.1+ (used under MPL-1.1+); Debian hunspell-es.
  { language: 'es', file: 'es_ES.dic' },
] as const;

const HAS_DIGIT = /\p{N}/u;
const HAS_LETTER = /\p{L}/u;

/** Normalized keys of one dictionary's lower-case, single-token stems of at least 2 characters. */
export function dictionaryWords(dicText: string): string[] {
  const words: string[] = [];
  // The first line is the entry count.
  for (const line of dicText.split('\n').slice(1)) {
    const stem = line.trim().split(/[\s/]/, 1)[0]!;
    if ([...stem].length < 2 || HAS_DIGIT.test(stem) || !HAS_LETTER.test(stem)) continue;
    if (stem !== stem.toLowerCase()) continue;
    // Entries our tokenizer splits (aujourd'hui, porte-monnaie, etc.) can never match one token.
    const tokens = tokenize(stem);
    if (tokens.length !== 1 || tokens[0]!.text !== stem) continue;
    words.push(normalizeWord(stem));
  }
  return words;
}

export function commonWords(dir = process.env.HUNSPELL_DIR ?? '/usr/share/hunspell'): string[] {
  const words = new Set<string>();
  for (const { file } of COMMON_WORD_DICTIONARIES) {
    let text: string;
    try {
      text = readFileSync(join(dir, file), 'utf8');
    } catch (error) {
      throw new Error(
        `${join(dir, file)} is missing: apt-get install hunspell-en-us hunspell-fr hunspell-es (or set HUNSPELL_DIR)`,
        { cause: error },
      );
    }
    for (const word of dictionaryWords(text)) words.add(word);
  }
  return [...words].sort();
}
