import { describe, expect, it } from 'vitest';
import { findCardSpans } from '../../../src/detection/recognizers/card.js';
import { longText, reported, valuesOf } from './helpers.js';

const cards = (text: string) => valuesOf(text, reported(findCardSpans(text)));

describe('findCardSpans', () => {
  it.each([
    ['Visa test number, spaced', '4111 1111 1111 1111'],
    ['Visa, dashed', '4111-1111-1111-1111'],
    ['Visa, one block', '4111111111111111'],
    ['Mastercard', '5555 5555 5555 4444'],
    ['Mastercard 2-series', '2223 0031 2200 3222'],
    ['American Express 4-6-5', '3782 822463 10005'],
    ['American Express block', '378282246310005'],
    ['Discover', '6011 1111 1111 1117'],
    ['JCB', '3530 1113 3330 0000'],
    ['Diners 4-6-4', '3056 930902 5904'],
    ['Visa 19 digits', '4111 1111 1111 1111 003'],
    ['Visa 19 digits, one block', '4111111111111111003'],
    ['Visa, dotted', '4111.1111.1111.1111'],
    ['Mastercard, dotted', '5555.5555.5555.4444'],
    ['American Express 4-6-5, dashed', '3782-822463-10005'],
    ['JCB 15 digits (2131)', '213112345678904'],
    ['JCB 15 digits (1800), 4-4-4-3', '1800 1234 5678 905'],
    ['Diners 14 digits, one block', '30569309025904'],
  ])('finds %s', (_name, number) => {
    expect(cards(`Card: ${number}, exp 12/27`)).toEqual([number]);
  });

  it('labels spans CARD and ranks a printed layout above a bare block', () => {
    const [grouped] = findCardSpans('4111 1111 1111 1111');
    const [block] = findCardSpans('4111111111111111');
    expect(grouped).toMatchObject({
      entity_type: 'CREDIT_CARD',
      label: 'CARD',
      source: 'pattern',
      start: 0,
      end: 19,
    });
    expect(grouped!.score).toBeGreaterThan(block!.score);
  });

  it('refuses numbers failing Luhn, unknown issuers, wrong lengths and odd layouts', () => {
    for (const text of [
      '4111 1111 1111 1112', // Luhn
      '1234 5678 9012 3456', // Luhn and issuer
      '9111 1111 1111 1111', // no issuer starts with 9
      '4111 1111 1111', // too short
      '41111 11111 11111 1', // not a card layout
      '4111 1111-1111 1111', // mixed separators
      '4111.1111-1111.1111', // mixed separators
      '4111.1111.1111.1112', // Luhn, dotted
      '213112345678905', // Luhn, JCB 15
      '2131 1234 5678 9040', // JCB 2131 is 15 digits only
      '4111111111111111111111', // too long
    ]) {
      expect(cards(text), text).toEqual([]);
    }
  });

  it('lowers the score of a bare block next to order or tracking words', () => {
    expect(cards('Tracking 4111111111111111')).toEqual([]);
    expect(cards('credit card 4111111111111111')).toEqual(['4111111111111111']);
    expect(cards('version 4111.1111.1111.1111')).toEqual([]);
  });

  it('finds cards at the start and end, next to each other and inside punctuation', () => {
    expect(cards('4111111111111111')).toEqual(['4111111111111111']);
    expect(cards('(5555-5555-5555-4444)')).toEqual(['5555-5555-5555-4444']);
    expect(cards('4111 1111 1111 1111, 5555 5555 5555 4444.')).toEqual([
      '4111 1111 1111 1111',
      '5555 5555 5555 4444',
    ]);
    expect(cards('Kreditkarte: 4111 1111 1111 1111 2024')).toEqual(['4111 1111 1111 1111']);
  });

  it('never starts inside a longer number, a decimal, a version or an IP address', () => {
    expect(cards('94111111111111111')).toEqual([]);
    expect(cards('1.4111.1111.1111.1111')).toEqual([]);
    expect(cards('10.0.19041.1234')).toEqual([]);
    expect(cards('0.4111111111111111')).toEqual([]);
    expect(cards('4111111111111111.5')).toEqual([]);
  });

  it('scans 200,000 characters, including long digit runs', () => {
    expect(cards(longText('Visa 4111 1111 1111 1111'))).toEqual(Array(3).fill('4111 1111 1111 1111'));
    expect(cards('4'.repeat(200_000))).toEqual([]);
    expect(cards('4111 '.repeat(40_000))).toEqual([]);
    expect(cards('4111.'.repeat(40_000))).toEqual([]);
  });
});
