import { describe, expect, it } from 'vitest';
import { findSsnSpans, isPossibleSsn } from '../../../src/detection/recognizers/ssn.js';
import { longText, reported, valuesOf } from './helpers.js';

const ssns = (text: string) => valuesOf(text, reported(findSsnSpans(text)));

describe('findSsnSpans', () => {
  it('finds dashed numbers on their own and labels them SSN', () => {
    expect(ssns('SSN 123-45-6789')).toEqual(['123-45-6789']);
    expect(ssns('078-05-1120')).toEqual(['078-05-1120']);
    const [span] = findSsnSpans('123-45-6789');
    expect(span).toMatchObject({ entity_type: 'US_SSN', label: 'SSN', source: 'pattern', start: 0, end: 11 });
  });

  it('needs a context word for spaced or unseparated numbers', () => {
    expect(ssns('123 45 6789')).toEqual([]);
    expect(ssns('123456789')).toEqual([]);
    expect(ssns('SSN: 123 45 6789')).toEqual(['123 45 6789']);
    expect(ssns('my social security number is 123456789')).toEqual(['123456789']);
    expect(ssns('Sozialversicherungsnummer 123-45-6789')).toEqual(['123-45-6789']);
    expect(ssns('número de seguro social 123456789')).toEqual(['123456789']);
  });

  it('refuses only impossible numbers', () => {
    expect(isPossibleSsn('000', '12', '3456')).toBe(false);
    expect(isPossibleSsn('666', '12', '3456')).toBe(false);
    expect(isPossibleSsn('900', '12', '3456')).toBe(false);
    expect(isPossibleSsn('999', '12', '3456')).toBe(false);
    expect(isPossibleSsn('123', '00', '3456')).toBe(false);
    expect(isPossibleSsn('123', '45', '0000')).toBe(false);
    expect(isPossibleSsn('899', '01', '0001')).toBe(true);
    expect(isPossibleSsn('123', '45', '6789')).toBe(true);
    for (const text of ['000-12-3456', '666-12-3456', '900-12-3456', '123-00-4567', '123-45-0000']) {
      expect(ssns(`SSN ${text}`), text).toEqual([]);
    }
  });

  it('refuses mixed separators, longer numbers and serial-number context', () => {
    expect(ssns('123-45 6789')).toEqual([]);
    expect(ssns('1123-45-6789')).toEqual([]);
    expect(ssns('123-45-67890')).toEqual([]);
    expect(ssns('123-45-6789-1')).toEqual([]);
    expect(ssns('serial number 123-45-6789')).toEqual([]);
  });

  it('finds numbers at the edges and next to each other', () => {
    expect(ssns('123-45-6789, 234-56-7890')).toEqual(['123-45-6789', '234-56-7890']);
    expect(ssns('(123-45-6789)')).toEqual(['123-45-6789']);
  });

  it('scans 200,000 characters', () => {
    expect(ssns(longText('SSN 123-45-6789'))).toEqual(Array(3).fill('123-45-6789'));
    expect(ssns('1'.repeat(200_000))).toEqual([]);
  });
});
