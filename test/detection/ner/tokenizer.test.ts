import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenize } from '../../../src/detection/ner/tokenizer.js';

const texts = (input: string) => tokenize(input).map((t) => t.text);

describe('tokenize', () => {
  it('returns nothing for empty or blank text', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize(' \n\t ')).toEqual([]);
  });

  it('gives exact offsets', () => {
    const input = 'Hi Maria, call me.';
    expect(tokenize(input)).toEqual([
      { text: 'Hi', start: 0, end: 2 },
      { text: 'Maria', start: 3, end: 8 },
      { text: ',', start: 8, end: 9 },
      { text: 'call', start: 10, end: 14 },
      { text: 'me', start: 15, end: 17 },
      { text: '.', start: 17, end: 18 },
    ]);
  });

  it('splits apostrophes, hyphens and dots so entities never start inside a token', () => {
    expect(texts("l'Italie")).toEqual(['l', "'", 'Italie']);
    expect(texts("O'Brien")).toEqual(['O', "'", 'Brien']);
    expect(texts('Jean-Pierre')).toEqual(['Jean', '-', 'Pierre']);
    expect(texts('Fiat S.p.A.')).toEqual(['Fiat', 'S', '.', 'p', '.', 'A', '.']);
  });

  it('keeps e-mail addresses and URLs whole, without trailing sentence punctuation', () => {
    expect(texts('Mail maria.rossi@example.it, or see https://example.com/a?b=1.')).toEqual([
      'Mail',
      'maria.rossi@example.it',
      ',',
      'or',
      'see',
      'https://example.com/a?b=1',
      '.',
    ]);
  });

  it('keeps emoji surrogate pairs, modifiers and ZWJ sequences together', () => {
    const input = 'hi 👋🏽 👨‍👩‍👧 😀!';
    const tokens = tokenize(input);
    for (const token of tokens) expect(input.slice(token.start, token.end)).toBe(token.text);
    expect(tokens.map((t) => t.text)).toContain('😀');
    expect(tokens.every((t) => !/^[\udc00-\udfff]/.test(t.text))).toBe(true);
  });

  it('keeps combining marks on their letters and handles CJK', () => {
    expect(texts('Jose\u0301 Zoë')).toEqual(['Jose\u0301', 'Zoë']);
    expect(texts('東京で山田さん')).toEqual(['東京で山田さん']);
    expect(texts('\u0301abc')).toEqual(['\u0301', 'abc']);
  });

  it('covers every non-space character exactly once, in order, for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (input) => {
        const tokens = tokenize(input);
        let cursor = 0;
        for (const token of tokens) {
          expect(token.start).toBeGreaterThanOrEqual(cursor);
          expect(input.slice(cursor, token.start).trim()).toBe('');
          expect(input.slice(token.start, token.end)).toBe(token.text);
          expect(token.text.length).toBeGreaterThan(0);
          cursor = token.end;
        }
        expect(input.slice(cursor).trim()).toBe('');
      }),
      { numRuns: 300 },
    );
  });
});
