import { describe, expect, it } from 'vitest';
import { findPatternSpans } from '../../../src/detection/recognizers/index.js';
import { LABEL_OF, type BuiltinEntityType } from '../../../src/detection/types.js';
import { mergeSpans } from '../../../src/detection/merge-spans.js';

const SAMPLE = [
  'Hi, I am writing about my account. Mail: jane.doe@example.com, phone +49 30 12345678.',
  'Card 4111 1111 1111 1111, IBAN DE89 3704 0044 0532 0130 00, SSN 123-45-6789.',
  'Server 203.0.113.7, born on 12.03.1985, wallet 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa.',
  'Key AKIAIOSFODNN7EXAMPLE; ship to Hauptstraße 12, 10115 Berlin.',
].join('\n');

const EXPECTED: [BuiltinEntityType, string][] = [
  ['EMAIL_ADDRESS', 'jane.doe@example.com'],
  ['PHONE_NUMBER', '+49 30 12345678'],
  ['CREDIT_CARD', '4111 1111 1111 1111'],
  ['IBAN_CODE', 'DE89 3704 0044 0532 0130 00'],
  ['US_SSN', '123-45-6789'],
  ['IP_ADDRESS', '203.0.113.7'],
  ['DATE_OF_BIRTH', '12.03.1985'],
  ['CRYPTO_WALLET', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
  ['SECRET', 'AKIAIOSFODNN7EXAMPLE'],
  ['STREET_ADDRESS', 'Hauptstraße 12, 10115 Berlin'],
];

function found(text: string, options?: Parameters<typeof findPatternSpans>[1]): [string, string][] {
  return mergeSpans(findPatternSpans(text, options))
    .filter((s) => s.score >= 0.5)
    .map((s) => [s.entity_type, text.slice(s.start, s.end)]);
}

describe('findPatternSpans', () => {
  it('runs every recognizer, with labels from LABEL_OF and source pattern', () => {
    expect(found(SAMPLE)).toEqual(EXPECTED);
    for (const span of findPatternSpans(SAMPLE)) {
      expect(span.label).toBe(LABEL_OF[span.entity_type as BuiltinEntityType]);
      expect(span.source).toBe('pattern');
      expect(span.score).toBeGreaterThan(0);
      expect(span.score).toBeLessThanOrEqual(1);
    }
  });

  it('runs only the recognizers of the given entity types', () => {
    expect(found(SAMPLE, { entities: ['EMAIL_ADDRESS', 'SECRET', 'PERSON'] })).toEqual([
      ['EMAIL_ADDRESS', 'jane.doe@example.com'],
      ['SECRET', 'AKIAIOSFODNN7EXAMPLE'],
    ]);
    expect(findPatternSpans(SAMPLE, { entities: [] })).toEqual([]);
  });

  it('passes the phone regions on', () => {
    const text = 'Chiamami al 333 123 4567';
    expect(found(text, { phoneRegions: ['IT'] })).toEqual([['PHONE_NUMBER', '333 123 4567']]);
    expect(found(text, { phoneRegions: ['GB'] })).toEqual([]);
  });

  it('finds nothing in clean business text', () => {
    const clean = [
      'Our Q3 revenue grew 12.5% to $4,250,000 compared with 2023.',
      'Please review invoice INV-2024-00123 before Friday at 10:30.',
      'Version 2.14.3 fixes the login bug; order #100234567 shipped on 2024-03-12.',
      'Der Umsatz stieg um 3,4 % auf 1.234.567 EUR; Lieferung am 12.03.2024.',
      "Le chiffre d'affaires atteint 2 500 000 € en 2023.",
      'El pedido 45879632 llegará el 3 de mayo.',
      'Il fatturato è cresciuto del 7,2% nel 2023.',
    ].join('\n');
    expect(found(clean)).toEqual([]);
  });

  it('keeps a US address with its ZIP+4 and a phone with its extension whole', () => {
    const text = 'Ship to 123 Main St\nApt 4\nSpringfield, IL 62704-1234\nor call (555) 555-5555 x123.';
    expect(found(text)).toEqual([
      ['STREET_ADDRESS', '123 Main St\nApt 4\nSpringfield, IL 62704-1234'],
      ['PHONE_NUMBER', '(555) 555-5555 x123'],
    ]);
  });

  it('finds nothing in clean English text with numbers', () => {
    const clean = [
      'I have 3 main points and 2 Big Ideas for the Q4 plan.',
      'Call 2 drives in the morning; the 3 Green Hills trail is 5.5 miles.',
      'Build 10.0.19041.1234 x64 ships with 12 Oak Drive-in themes.',
      'We sold 1200 x 800 mm boards at $1,200 each, order #4111 1111.',
      'Top 5 Ways To Save Money, Chapter 3 Main Street Stories.',
    ].join('\n');
    expect(found(clean)).toEqual([]);
  });

  it('finds every entity in a 200,000-character text', () => {
    let text = '';
    while (text.length < 200_000) text += `${SAMPLE}\nThe quarterly review covered revenue and hiring. `;
    const spans = found(text);
    const rounds = text.split(SAMPLE).length - 1;
    expect(spans).toHaveLength(EXPECTED.length * rounds);
    expect(spans.slice(-EXPECTED.length)).toEqual(EXPECTED);
  });
});
