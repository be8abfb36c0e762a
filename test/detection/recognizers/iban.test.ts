import { describe, expect, it } from 'vitest';
import { findIbanSpans } from '../../../src/detection/recognizers/iban.js';
import { longText, valuesOf } from './helpers.js';

const ibans = (text: string) => valuesOf(text, findIbanSpans(text));

describe('findIbanSpans', () => {
  it.each([
    ['DE print format', 'DE89 3704 0044 0532 0130 00'],
    ['DE electronic format', 'DE89370400440532013000'],
    ['GB', 'GB82 WEST 1234 5698 7654 32'],
    ['FR', 'FR14 2004 1010 0505 0001 3M02 606'],
    ['ES', 'ES91 2100 0418 4502 0005 1332'],
    ['IT', 'IT60 X054 2811 1010 0000 0123 456'],
    ['NL', 'NL91ABNA0417164300'],
    ['CH', 'CH93 0076 2011 6238 5295 7'],
  ])('finds %s', (_name, iban) => {
    expect(ibans(`IBAN: ${iban}, BIC COBADEFFXXX`)).toEqual([iban]);
    const [span] = findIbanSpans(iban);
    expect(span).toMatchObject({
      entity_type: 'IBAN_CODE',
      label: 'IBAN',
      source: 'pattern',
      start: 0,
      end: iban.length,
    });
    expect(span!.score).toBeGreaterThanOrEqual(0.9);
  });

  it('accepts lower case and stops at the country length even when words follow', () => {
    expect(ibans('iban de89370400440532013000 please')).toEqual(['de89370400440532013000']);
    expect(ibans('DE89 3704 0044 0532 0130 00 Bank XY')).toEqual(['DE89 3704 0044 0532 0130 00']);
    expect(ibans('DE89 3704 0044 0532 0130 00 1234')).toEqual(['DE89 3704 0044 0532 0130 00']);
  });

  it('finds adjacent IBANs', () => {
    expect(ibans('DE89370400440532013000 GB82WEST12345698765432')).toEqual([
      'DE89370400440532013000',
      'GB82WEST12345698765432',
    ]);
    expect(ibans('DE89370400440532013000,GB82WEST12345698765432')).toEqual([
      'DE89370400440532013000',
      'GB82WEST12345698765432',
    ]);
  });

  it("takes an IBAN whose check digits hold though its national key (France's RIB key) does not", () => {
    // mod-97 is right, the RIB key inside the BBAN is not: still someone's account number.
    expect(ibans('Virement sur FR60 3000 4008 2700 0123 4567 853 merci')).toEqual([
      'FR60 3000 4008 2700 0123 4567 853',
    ]);
    expect(ibans('FR6130004008270001234567853')).toEqual([]);
  });

  it('refuses wrong check digits, wrong lengths, unknown countries and odd grouping', () => {
    for (const text of [
      'DE89 3704 0044 0532 0130 01', // mod-97
      'DE88370400440532013000', // check digits
      'DE8937040044053201300', // one digit short
      'DE893704004405320130000', // glued extra digit
      'XX89370400440532013000', // no such country
      'DE89 37040 044 0532 0130 00', // not grouped by four
      'ADE89370400440532013000', // starts inside a word
    ]) {
      expect(ibans(text), text).toEqual([]);
    }
  });

  it('scans 200,000 characters', () => {
    expect(ibans(longText('IBAN DE89 3704 0044 0532 0130 00'))).toEqual(
      Array(3).fill('DE89 3704 0044 0532 0130 00'),
    );
    expect(ibans('AB12 '.repeat(40_000))).toEqual([]);
  });
});
