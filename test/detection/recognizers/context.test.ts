import { describe, expect, it } from 'vitest';
import {
  applyContext,
  containsContext,
  contextVerdict,
  contextWords,
  scoreInContext,
  wordsAfter,
  wordsBefore,
  type ContextRule,
} from '../../../src/detection/recognizers/context.js';

describe('context words', () => {
  it('reads the words before and after a position, lower-cased, numbers included', () => {
    const text = 'Bitte rufen Sie mich unter Tel.: 030 1234567 an, danke';
    const start = text.indexOf('030');
    expect(wordsBefore(text, start, 3)).toEqual(['mich', 'unter', 'tel']);
    expect(wordsAfter(text, text.indexOf(' an'), 2)).toEqual(['an', 'danke']);
    expect(wordsBefore(text, 0, 5)).toEqual([]);
  });

  it('does not count the cut-off end of a word at the edge of the window', () => {
    const text = `${'x'.repeat(200)} supercalifragilistic 123`;
    expect(wordsBefore(text, text.length - 3, 1)).toEqual(['supercalifragilistic']);
  });

  it('matches words, phrases and word stems, in any case and with decomposed accents', () => {
    const m = contextWords(['phone', 'date of birth', 'telefon*']);
    expect(containsContext(['my', 'phone'], m)).toBe(true);
    expect(containsContext(['date', 'of', 'birth'], m)).toBe(true);
    expect(containsContext(['date', 'birth'], m)).toBe(false);
    expect(containsContext(['telefonnummer'], m)).toBe(true);
    expect(containsContext(['phones'], m)).toBe(false);
    const accents = contextWords(['né']);
    const text = 'Il est ne\u0301 le 1er mai';
    expect(contextVerdict(text, text.indexOf('1er'), text.length, { positive: accents })).toBe('positive');
  });

  it('lets the nearest context word decide, and the longer phrase win at the same word', () => {
    const rule: ContextRule = {
      positive: contextWords(['phone', 'number']),
      negative: contextWords(['order', 'order number']),
    };
    const verdictBefore = (text: string) => contextVerdict(text, text.length, text.length, rule);
    expect(verdictBefore('phone 030 123, order')).toBe('negative');
    expect(verdictBefore('order 4711, phone')).toBe('positive');
    expect(verdictBefore('your order number')).toBe('negative');
    expect(verdictBefore('your number')).toBe('positive');
    expect(verdictBefore('nothing here')).toBe('none');
  });

  it('looks after the match only when asked, and negative words only as close as asked', () => {
    const text = 'x 1.2.3.4 is the version';
    const [start, end] = [2, 9];
    const positive = contextWords(['ip']);
    const negative = contextWords(['version']);
    expect(contextVerdict(text, start, end, { positive, negative })).toBe('none');
    expect(contextVerdict(text, start, end, { positive, negative, after: 3 })).toBe('negative');
    expect(contextVerdict(text, start, end, { positive, negative, after: 3, negativeDistance: 2 })).toBe(
      'none',
    );
  });

  it('raises, lowers and clamps scores the way Presidio does', () => {
    expect(applyContext(0.4, 'positive')).toBeCloseTo(0.75);
    expect(applyContext(0.05, 'positive')).toBeCloseTo(0.4);
    expect(applyContext(0.9, 'positive')).toBe(1);
    expect(applyContext(0.75, 'negative')).toBeCloseTo(0.35);
    expect(applyContext(0.2, 'negative')).toBe(0);
    expect(applyContext(0.6, 'none')).toBe(0.6);
    expect(scoreInContext('call 555', 5, 8, 0.4, { positive: contextWords(['call']) })).toBeCloseTo(0.75);
  });
});
