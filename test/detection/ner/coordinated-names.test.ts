import { describe, expect, it } from 'vitest';
import { addCoordinatedNames } from '../../../src/detection/ner/coordinated-names.js';
import { spanOf } from '../../helpers/span-of.js';

const firstNames = new Set(['mia', 'leon', 'will', 'grant', 'may', 'anna']);
const found = (text: string, people: string[]) =>
  addCoordinatedNames(
    text,
    people.map((p) => spanOf(text, p)),
    (word) => firstNames.has(word.toLowerCase()),
    (word) => word === 'May',
  ).map((s) => text.slice(s.start, s.end));

describe('addCoordinatedNames', () => {
  it('reads a known first name joined by "and" to a person as a person, before or after', () => {
    expect(found('Frau Berger, Mia und Leon werden betreut', ['Berger', 'Leon'])).toEqual([
      'Berger',
      'Mia',
      'Leon',
    ]);
    expect(found('Grant and Will are coming on Saturday', ['Grant'])).toEqual(['Grant', 'Will']);
  });

  it('reads a known first name before "and I" as a person', () => {
    expect(found('Hannah, so sorry. Will and I are thinking of you.', [])).toEqual(['Will']);
    expect(found('May and I are busy', [])).toEqual([]);
  });

  it('leaves words that are no known name, months, and first names of a longer name', () => {
    expect(found('Smith and Wesson make guns', ['Smith'])).toEqual(['Smith']);
    expect(found('Anna and May are busy', ['Anna'])).toEqual(['Anna']);
    expect(found('Anna and Will Turner came', ['Anna'])).toEqual(['Anna']);
    expect(found('Frank und frei gesagt', [])).toEqual([]);
  });
});
