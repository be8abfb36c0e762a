import { describe, expect, it } from 'vitest';
import { decodeSpans } from '../../../src/detection/ner/spans.js';
import { tokenize } from '../../../src/detection/ner/tokenizer.js';
import { splitWindows } from '../../../src/detection/ner/windows.js';

describe('splitWindows', () => {
  it('covers all tokens with windows of at most maxTokens', () => {
    const text = 'word '.repeat(1000);
    const tokens = tokenize(text);
    const windows = splitWindows(text, tokens, 128);
    expect(windows[0]!.first).toBe(0);
    expect(windows[windows.length - 1]!.end).toBe(tokens.length);
    windows.forEach((w, i) => {
      expect(w.end - w.first).toBeLessThanOrEqual(128);
      if (i > 0) expect(w.first).toBe(windows[i - 1]!.end);
    });
  });

  it('cuts after a sentence end or a line break when one is in the second half', () => {
    const text = `${'a '.repeat(70)}end. ${'b '.repeat(100)}`;
    const tokens = tokenize(text);
    const [first] = splitWindows(text, tokens, 128);
    expect(tokens[first!.end - 1]!.text).toBe('.');
    const lines = `${'a '.repeat(90)}\n${'b '.repeat(100)}`;
    const [firstLine] = splitWindows(lines, tokenize(lines), 128);
    expect(firstLine!.end).toBe(90);
  });

  it('returns no windows for no tokens', () => {
    expect(splitWindows('', [], 128)).toEqual([]);
  });
});

describe('decodeSpans', () => {
  const labels = ['O', 'B-PERSON', 'I-PERSON', 'B-LOCATION', 'I-LOCATION'];
  const text = 'ask Maria Rossi in New York now';
  const tokens = tokenize(text);
  const probabilities = (path: number[], p: number) => {
    const out = new Float64Array(path.length * labels.length);
    path.forEach((label, t) => (out[t * labels.length + label] = p));
    return out;
  };

  it('joins B/I runs into character spans with the mean probability as score', () => {
    const path = [0, 1, 2, 0, 3, 4, 0];
    const spans = decodeSpans(tokens, path, probabilities(path, 0.8), labels);
    expect(spans.map((s) => [s.entityType, text.slice(s.start, s.end), s.score])).toEqual([
      ['PERSON', 'Maria Rossi', 0.8],
      ['LOCATION', 'New York', 0.8],
    ]);
  });

  it('trims symbols off both ends but keeps the dot of an abbreviation', () => {
    const symbolText = '😀 José , Fiat S.p.A. !';
    const symbolTokens = tokenize(symbolText);
    expect(symbolTokens.map((t) => t.text)).toEqual([
      '😀',
      'José',
      ',',
      'Fiat',
      'S',
      '.',
      'p',
      '.',
      'A',
      '.',
      '!',
    ]);
    const path = [1, 2, 2, 3, 4, 4, 4, 4, 4, 4, 4];
    const spans = decodeSpans(symbolTokens, path, probabilities(path, 0.5), labels);
    expect(spans.map((s) => [s.entityType, symbolText.slice(s.start, s.end)])).toEqual([
      ['PERSON', 'José'],
      ['LOCATION', 'Fiat S.p.A.'],
    ]);
    const onlySymbols = decodeSpans(symbolTokens.slice(0, 1), [1], probabilities([1], 0.9), labels);
    expect(onlySymbols).toEqual([]);
  });

  it('starts a new entity at a stray I- label or a type change', () => {
    const path = [0, 2, 4, 0, 0, 0, 0];
    const spans = decodeSpans(tokens, path, probabilities(path, 1), labels);
    expect(spans.map((s) => [s.entityType, text.slice(s.start, s.end)])).toEqual([
      ['PERSON', 'Maria'],
      ['LOCATION', 'Rossi'],
    ]);
  });
});
