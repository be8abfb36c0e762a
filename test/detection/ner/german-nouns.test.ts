import { describe, expect, it } from 'vitest';
import { withoutGermanNouns } from '../../../src/detection/ner/german-nouns.js';
import { spanOf } from '../../helpers/span-of.js';

const names = new Set(['hartung', 'neuhaus']);
const places = new Set(['recklinghausen']);
const titles = new Set(['frau', 'herr', 'dr']);
const kept = (text: string, value: string, type = 'PERSON') =>
  withoutGermanNouns(
    text,
    [spanOf(text, value, type)],
    (word) => names.has(word.toLowerCase()),
    (word) => places.has(word.toLowerCase()),
    (word) => titles.has(word.toLowerCase()),
  ).map((s) => text.slice(s.start, s.end));

describe('withoutGermanNouns', () => {
  it('drops German compound nouns read as a person or a place', () => {
    expect(kept('Heute Grillabend? Wer bringt die Würstchen und wer den Salat mit?', 'Grillabend')).toEqual(
      [],
    );
    expect(kept('Bitte nach Rücksprache mit dem Team bestellen, danke', 'Rücksprache', 'LOCATION')).toEqual(
      [],
    );
    expect(kept('Am Nachmittag ist der Rückblick, bitte mit Zeitpuffern.', 'Rückblick')).toEqual([]);
  });

  it('keeps listed surnames and places, names after a title, and other languages', () => {
    expect(kept('Herr Hartung hat angerufen, bitte zurückrufen', 'Hartung')).toEqual(['Hartung']);
    expect(
      kept('Ich fahre morgen nach Recklinghausen und dann weiter', 'Recklinghausen', 'LOCATION'),
    ).toEqual(['Recklinghausen']);
    expect(kept('Die Unterlagen hat Frau Lichtung schon, und sie ruft an', 'Lichtung')).toEqual(['Lichtung']);
    expect(kept('Please forward this to Mr Grillabend and the team', 'Grillabend')).toEqual(['Grillabend']);
  });
});
