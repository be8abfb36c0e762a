import { describe, expect, it } from 'vitest';
import type { Vocabulary } from '../../../src/detection/ner/features.js';
import {
  FEATURE_NAMES,
  PAD_ID,
  UNK_ID,
  encodeTokens,
  hashBucket,
  vocabularyKey,
} from '../../../src/detection/ner/features.js';
import type { GazetteerName, Gazetteers, PhraseSet } from '../../../src/detection/ner/gazetteer.js';
import {
  GAZETTEER_NAMES,
  buildPhraseSet,
  endsEntry,
  startsEntry,
} from '../../../src/detection/ner/gazetteer.js';
import { tokenize } from '../../../src/detection/ner/tokenizer.js';

const LISTS: Record<(typeof GAZETTEER_NAMES)[number], string[]> = {
  first_names: ['Maria'],
  surnames: ['Rossi'],
  places: ['New York', 'Milano'],
  countries: ['Italia'],
  org_suffixes: ['S.p.A.', 'GmbH & Co. KG'],
  org_words: ['Bank'],
  titles: ['Sig.ra', 'Dr'],
  calendar_words: ['Mai'],
};
const gazetteers: Gazetteers = {
  ...(Object.fromEntries(GAZETTEER_NAMES.map((name) => [name, buildPhraseSet(LISTS[name])])) as Record<
    GazetteerName,
    PhraseSet
  >),
  common_words: new Set(['bank', 'report', 'rose']),
};
const vocab: Vocabulary = {
  words: new Map([['maria', 2]]),
  wordBuckets: 10,
  chars: new Map([['M', 2]]),
  maxCharsPerToken: 4,
};

function featuresOf(text: string) {
  const tokens = tokenize(text);
  const encoded = encodeTokens(text, tokens, vocab, gazetteers, FEATURE_NAMES);
  return tokens.map((token, i) => {
    const on = FEATURE_NAMES.filter((_, f) => encoded.features[i * FEATURE_NAMES.length + f] === 1);
    return { token: token.text, on };
  });
}

describe('encodeTokens', () => {
  it('looks words up lower-cased with digits folded, and hashes unknown words into buckets after the vocabulary', () => {
    const text = 'MARIA zz 2024';
    const encoded = encodeTokens(text, tokenize(text), vocab, gazetteers, FEATURE_NAMES);
    expect(encoded.wordIds[0]).toBe(2);
    expect(encoded.wordIds[1]).toBe(3 + hashBucket('zz', 10));
    expect(vocabularyKey('2024')).toBe('0000');
    expect(encoded.bucketIds[0]).toBe(3 + hashBucket('maria', 10));
  });

  it('looks pretrained vectors up lower-cased without digit folding, and gives UNK_ID to the rest', () => {
    const text = 'MARIA Café 2024 zz';
    const tokens = tokenize(text);
    const withVectors: Vocabulary = {
      ...vocab,
      pretrained: new Map([
        ['maria', 2],
        ['café', 3],
        ['2024', 4],
      ]),
    };
    const encoded = encodeTokens(
      text.normalize('NFD'),
      tokenize(text.normalize('NFD')),
      withVectors,
      gazetteers,
      [],
    );
    expect(Array.from(encoded.pretrainedIds)).toEqual([2, 3, 4, UNK_ID]);
    const without = encodeTokens(text, tokens, vocab, gazetteers, []);
    expect(Array.from(without.pretrainedIds)).toEqual([UNK_ID, UNK_ID, UNK_ID, UNK_ID]);
  });

  it('encodes characters with padding, unknowns, and the ends of long tokens', () => {
    const text = 'Ma Mississippi';
    const encoded = encodeTokens(text, tokenize(text), vocab, gazetteers, FEATURE_NAMES);
    expect(Array.from(encoded.charIds.subarray(0, 4))).toEqual([2, UNK_ID, PAD_ID, PAD_ID]);
    expect(Array.from(encoded.charIds.subarray(4, 8))).toEqual([2, UNK_ID, UNK_ID, UNK_ID]);
  });

  it('sets shape, sentence and gazetteer features, including multi-token phrases', () => {
    const rows = featuresOf('Gentile Sig.ra Maria Rossi,\nla Bank di New York e Fiat S.p.A. a Mai');
    const of = (token: string, n = 0) => rows.filter((r) => r.token === token)[n]!.on;
    expect(of('Gentile')).toEqual(expect.arrayContaining(['is_title', 'sentence_start', 'after_newline']));
    expect(of('Maria')).toEqual(expect.arrayContaining(['is_title', 'first_name', 'after_title']));
    expect(of('Rossi')).toContain('surname');
    expect(of('Rossi')).not.toContain('after_title');
    expect(of('la')).toEqual(expect.arrayContaining(['is_lower', 'after_newline']));
    expect(of('New')).toContain('place');
    expect(of('York')).toContain('place');
    expect(of('Bank')).toContain('org_word');
    expect(of('S')).toEqual(expect.arrayContaining(['org_suffix', 'is_title']));
    expect(of('A')).toContain('org_suffix');
    expect(of('Mai')).toContain('calendar_word');
    expect(of(',')).toEqual(['is_punct']);
  });

  it('marks all caps, mixed case, digits, URLs and e-mail addresses', () => {
    const rows = featuresOf('ACME McDonald R2D2 https://x.io a@b.co');
    expect(rows.map((r) => r.on.filter((f) => f !== 'sentence_start' && f !== 'after_newline'))).toEqual([
      ['is_upper'],
      ['is_mixed_case'],
      ['is_upper', 'has_digit'],
      ['is_lower', 'is_url_or_email'],
      ['is_lower', 'is_url_or_email'],
    ]);
  });

  it('does not match a phrase that only starts like an entry', () => {
    const rows = featuresOf('New Jersey');
    expect(rows[0]!.on).not.toContain('place');
  });

  it('marks common dictionary words whatever their case, and only those', () => {
    const rows = featuresOf('The Report for Rose at the BANK in Milano');
    const common = rows.filter((r) => r.on.includes('common_word')).map((r) => r.token);
    expect(common).toEqual(['Report', 'Rose', 'BANK']);
  });

  it('computes exactly the features asked for, in that order', () => {
    const text = 'Maria reads the Report';
    const encoded = encodeTokens(text, tokenize(text), vocab, gazetteers, ['common_word', 'is_title']);
    expect(Array.from(encoded.features)).toEqual([0, 1, 0, 0, 0, 0, 1, 1]);
    const v3 = FEATURE_NAMES.filter((name) => name !== 'common_word');
    expect(encodeTokens(text, tokenize(text), vocab, gazetteers, v3).features).toHaveLength(4 * 17);
  });

  it('refuses unknown features and common_word without its word list', () => {
    const text = 'Maria';
    expect(() => encodeTokens(text, tokenize(text), vocab, gazetteers, ['is_title', 'shoe_size'])).toThrow(
      /unknown token features: shoe_size/,
    );
    const { common_words: _, ...withoutCommon } = gazetteers;
    expect(() => encodeTokens(text, tokenize(text), vocab, withoutCommon, ['common_word'])).toThrow(
      /common_words\.txt/,
    );
  });
});

describe('buildPhraseSet', () => {
  it('keeps single-token entries in keys only, and still finds where entries start and end', () => {
    const set = buildPhraseSet(['Milano', 'New York', 'New', 'Sig.ra']);
    expect(set.keys.size).toBe(4);
    expect(['milano', 'new', 'new york', 'sig . ra'].every((k) => set.keys.has(k))).toBe(true);
    expect(['york', 'sig', 'Milano', ''].some((k) => set.keys.has(k))).toBe(false);
    expect([...set.prefixes].sort()).toEqual(['new', 'new york', 'sig', 'sig .', 'sig . ra']);
    expect([...set.lastTokens].sort()).toEqual(['ra', 'york']);
    expect(['milano', 'new', 'new york', 'sig', 'sig .'].every((k) => startsEntry(set, k))).toBe(true);
    expect(['york', 'milano york', 'ra'].some((k) => startsEntry(set, k))).toBe(false);
    expect(['milano', 'new', 'york', 'ra'].every((k) => endsEntry(set, k))).toBe(true);
    expect(['sig', 'rome'].some((k) => endsEntry(set, k))).toBe(false);
    expect(set.maxTokens).toBe(3);
  });
});
