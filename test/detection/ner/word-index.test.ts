import { describe, expect, it } from 'vitest';
import { compactWordIndex, compactWordSet } from '../../../src/detection/ner/word-index.js';

describe('compactWordIndex', () => {
  it('gives each line its line number plus the first id, like a Map, and undefined for the rest', () => {
    const words = ['the', 'müller', 'über', '2024', 'a', 'ab', 'b', '😀', 'o'];
    const index = compactWordIndex(words.join('\n') + '\n', 2);
    expect(index.size).toBe(words.length);
    words.forEach((word, i) => expect(index.get(word)).toBe(i + 2));
    for (const absent of ['', 'th', 'thee', 'The', 'a\nb', 'müll', '\n', 'x'])
      expect(index.get(absent)).toBeUndefined();
  });

  it('agrees with a Map on many words, whatever collisions the table has', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `w${(i * 7919).toString(36)}`);
    const index = compactWordIndex(words.join('\n'), 0);
    const map = new Map(words.map((w, i) => [w, i]));
    for (const word of [...words, ...words.map((w) => `${w}x`)]) expect(index.get(word)).toBe(map.get(word));
  });

  it('accepts an empty list and refuses duplicates', () => {
    expect(compactWordIndex('', 2).size).toBe(0);
    expect(compactWordIndex('', 2).get('')).toBeUndefined();
    expect(() => compactWordIndex('a\nb\na\n', 2)).toThrow('duplicate word in index: "a"');
  });
});

describe('compactWordSet', () => {
  it('answers has like a Set, counting duplicates once and never holding the empty word', () => {
    const set = compactWordSet(['new york', 'müller', '', 'müller', 'a']);
    expect(set.size).toBe(3);
    for (const word of ['new york', 'müller', 'a']) expect(set.has(word)).toBe(true);
    for (const word of ['', 'new', 'york', 'Müller', 'a\nb']) expect(set.has(word)).toBe(false);
    expect(compactWordSet([]).size).toBe(0);
    expect(compactWordSet(['']).has('')).toBe(false);
  });
});
