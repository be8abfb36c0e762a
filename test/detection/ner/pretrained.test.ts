import { describe, expect, it } from 'vitest';
import { isUsableWord } from '../../../models/ner/pretrained.js';

describe('isUsableWord', () => {
  it('keeps lower-case words the runtime tokenizer leaves whole, punctuation included', () => {
    for (const word of ['the', 'müller', 'o', ',', '2024', 'snake_case'])
      expect(isUsableWord(word)).toBe(true);
  });

  it('drops words the tokenizer splits or normalizeWord changes, which could never be looked up', () => {
    for (const word of ["o'brien", 'blood-related', 'u.s.', 'Paris', 'cafe\u0301', ''])
      expect(isUsableWord(word)).toBe(false);
  });
});
