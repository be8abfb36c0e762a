import { describe, expect, it } from 'vitest';
import { dictionaryWords } from '../../../models/ner/common-words.js';

describe('dictionaryWords (common_word lexicon from a Hunspell .dic)', () => {
  it('keeps lower-case single-token stems, without flags, counts, digits, short or capitalised entries', () => {
    const dic = [
      '12',
      'report/MS',
      'Paris/M',
      'ABS',
      'a',
      '1st/p',
      "aujourd'hui/S po:adv",
      'porte-monnaie',
      'tête/S.() po:nom is:fem',
      'Cafe\u0301',
      'cafe\u0301/S',
      'bien',
      '',
    ].join('\n');
    expect(dictionaryWords(dic)).toEqual(['report', 'tête', 'café', 'bien']);
  });
});
