import { describe, expect, it } from 'vitest';
import { joinConjoinedSurnames } from '../../../src/detection/ner/joined-surnames.js';
import { spanOf } from '../../helpers/span-of.js';

const firstNames = new Set(['maría', 'carmen', 'pedro', 'ana', 'montse']);
const surnames = new Set(['fernández', 'lópez', 'garcía', 'vila', 'puigdomènech']);
const names = {
  isFirstName: (word: string) => firstNames.has(word.toLowerCase()),
  isSurname: (word: string) => surnames.has(word.toLowerCase()),
};
const joined = (text: string, values: string[]) =>
  joinConjoinedSurnames(
    text,
    values.map((value) => spanOf(text, value)),
    names,
  ).map((s) => text.slice(s.start, s.end));

describe('joinConjoinedSurnames', () => {
  it('joins a surname after "y" or "i" to the name before it, tagged or not', () => {
    const text = 'Firmado: María del Carmen Fernández y López, secretaria.';
    expect(joined(text, ['María del Carmen Fernández', 'López'])).toEqual([
      'María del Carmen Fernández y López',
    ]);
    expect(joined(text, ['María del Carmen Fernández'])).toEqual(['María del Carmen Fernández y López']);
    expect(joined('Entrega para Montse Puigdomènech i Vila, carrer', ['Montse Puigdomènech'])).toEqual([
      'Montse Puigdomènech i Vila',
    ]);
  });

  it('leaves two people: a first name after the joiner, a one-word name before it, other joiners', () => {
    expect(joined('Ana García y Pedro vienen', ['Ana García', 'Pedro'])).toEqual(['Ana García', 'Pedro']);
    expect(joined('Ana y López firman', ['Ana', 'López'])).toEqual(['Ana', 'López']);
    expect(joined('Ana García and López sign', ['Ana García', 'López'])).toEqual(['Ana García', 'López']);
    expect(joined('Ana García y Zapatero', ['Ana García'])).toEqual(['Ana García']);
  });
});
