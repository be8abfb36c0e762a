import { describe, expect, it } from 'vitest';
import { addGermanGenitiveNames } from '../../../src/detection/ner/german-genitives.js';
import { spanOf } from '../../helpers/span-of.js';

const firstNames = new Set(['anna', 'lena', 'tim', 'peter', 'han', 'hans', 'jona', 'jonas']);
const isFirstName = (word: string) => firstNames.has(word.toLowerCase());
const found = (text: string, spans = [] as ReturnType<typeof spanOf>[]) =>
  addGermanGenitiveNames(text, spans, isFirstName).map((s) => [text.slice(s.start, s.end), s.entity_type]);

describe('addGermanGenitiveNames', () => {
  it('reads a known first name in the German genitive before a noun as the name, without the "s"', () => {
    expect(found('Wir feiern Annas Geburtstag am Samstag bei Lenas Eltern.')).toEqual([
      ['Anna', 'PERSON'],
      ['Lena', 'PERSON'],
    ]);
    const text = 'Peters Auto steht noch bei Tims Werkstatt.';
    expect(found(text, [spanOf(text, 'Peters Auto', 'ORGANIZATION', 0.6)])).toEqual([
      ['Peter', 'PERSON'],
      ['Tim', 'PERSON'],
    ]);
  });

  it('leaves other languages, unknown stems and words before a lower-case word', () => {
    expect(found('We saw Annas Garden and Lenas Cafe with the team.')).toEqual([]);
    expect(found('Wir haben Hans Wagen und Klaus Haus gesehen.')).toEqual([]);
    expect(found('Bitte frag Jonas Müller, ob er kommt.')).toEqual([]);
    expect(found('Wir sind bei Annas und Lenas.')).toEqual([]);
  });
});
