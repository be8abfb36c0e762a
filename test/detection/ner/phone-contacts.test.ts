import { describe, expect, it } from 'vitest';
import { addPhoneContactNames } from '../../../src/detection/ner/phone-contacts.js';
import { spanOf } from '../../helpers/span-of.js';

const firstNames = new Set(['renato', 'grace', 'maite', 'april', 'anna']);
const calendar = new Set(['april']);
const found = (text: string, spans = [] as ReturnType<typeof spanOf>[]) =>
  addPhoneContactNames(
    text,
    spans,
    (word) => firstNames.has(word.toLowerCase()),
    (word) => calendar.has(word.toLowerCase()),
  ).map((s) => [text.slice(s.start, s.end), s.entity_type]);

describe('addPhoneContactNames', () => {
  it('reads a known first name right before a phone number as the person to call', () => {
    expect(found('affittasi bilocale, contattare Renato al 045 800 2317 ore serali')).toEqual([
      ['Renato', 'PERSON'],
    ]);
    expect(found('call Grace at 555-0182 tomorrow')).toEqual([['Grace', 'PERSON']]);
    expect(found('Maite (+34 612 345 678)')).toEqual([['Maite', 'PERSON']]);
    expect(found('Renato Bianchi: 045 800 2317')).toEqual([['Renato Bianchi', 'PERSON']]);
  });

  it('skips unknown words, months, dates, short numbers and surer spans', () => {
    expect(found('Hotel Victoria 030 123456')).toEqual([]);
    expect(found('April at 555-0182')).toEqual([]);
    expect(found('Anna 12.03.2024 ok')).toEqual([]);
    expect(found('Anna 2 12 34')).toEqual([]);
    const text = 'call Grace at 555-0182';
    expect(found(text, [spanOf(text, 'Grace', 'ORGANIZATION', 0.95)])).toEqual([['Grace', 'ORGANIZATION']]);
  });
});
