import { describe, expect, it } from 'vitest';
import { findDateOfBirthSpans } from '../../../src/detection/recognizers/dob.js';
import { longText, reported, valuesOf } from './helpers.js';

const dobs = (text: string) => valuesOf(text, reported(findDateOfBirthSpans(text)));

describe('findDateOfBirthSpans', () => {
  it.each([
    ['en', 'I was born on 12 March 1985 in Leeds.', '12 March 1985'],
    ['en', 'DOB: 03/12/1985', '03/12/1985'],
    ['en', 'Date of birth: 1985-03-12', '1985-03-12'],
    ['en', 'She was born March 12, 1985.', 'March 12, 1985'],
    ['en', 'born on the 5th of July 1990', '5th of July 1990'],
    ['en', 'Birthday: Jan. 5th, 1979', 'Jan. 5th, 1979'],
    ['de', 'Ich bin am 12.03.1985 geboren.', '12.03.1985'],
    ['de', 'Geburtsdatum: 12. März 1985', '12. März 1985'],
    ['de', 'Max Mustermann, geb. 1.4.85', '1.4.85'],
    ['de', 'Anna Schmidt (* 3. Mai 1990)', '3. Mai 1990'],
    ['fr', 'Je suis né le 12 mars 1985.', '12 mars 1985'],
    ['fr', 'Date de naissance : 1er janvier 1990', '1er janvier 1990'],
    ['es', 'Nacida el 12 de marzo de 1985', '12 de marzo de 1985'],
    ['es', 'Fecha de nacimiento: 12/03/1985', '12/03/1985'],
    ['it', 'Sono nato il 12 marzo 1985', '12 marzo 1985'],
    ['it', 'Data di nascita: 12/03/1985', '12/03/1985'],
  ])('finds a %s birth date in %j', (_lang, text, want) => {
    expect(dobs(text)).toEqual([want]);
  });

  it('labels spans DOB', () => {
    expect(findDateOfBirthSpans('DOB 1985-03-12')[0]).toMatchObject({
      entity_type: 'DATE_OF_BIRTH',
      label: 'DOB',
      source: 'pattern',
      start: 4,
      end: 14,
    });
  });

  it('looks five words back, within the clause, and skips birth words that belong to another year', () => {
    expect(dobs('I was born in Madrid, Spain, on 3 May 1990.')).toEqual(['3 May 1990']);
    expect(dobs('She was born in Rome. The meeting is on 12/03/2024.')).toEqual([]);
    expect(dobs('He was born in 1980; we met on 12/03/2024.')).toEqual([]);
    expect(dobs('born in 1980 and married on 12/03/2004')).toEqual([]);
    expect(dobs('geb. 12.03.1985')).toEqual(['12.03.1985']);
  });

  it('reads dashed dates with a month name', () => {
    expect(dobs('DOB: 12-Mar-1985')).toEqual(['12-Mar-1985']);
    expect(dobs('DOB: 12/Mar/85')).toEqual(['12/Mar/85']);
    expect(dobs('DOB: 12-Mar/1985')).toEqual([]);
  });

  it('accepts a birth word right after the date', () => {
    expect(dobs('12/03/1985 (date of birth)')).toEqual(['12/03/1985']);
  });

  it('reports day and month without a year only with a birth word', () => {
    expect(dobs('Birthday: March 5')).toEqual(['March 5']);
    expect(dobs('Meeting on March 5')).toEqual([]);
  });

  it('does not report dates without birth context, in any language', () => {
    for (const text of [
      'The board approved the budget on 12 March 2024.',
      'Die Lieferung erfolgt am 12.03.2024.',
      'La réunion aura lieu le 15/04/2024.',
      'El pedido llegará el 3 de mayo de 2024.',
      'La consegna è prevista per il 20/06/2024.',
      'The company was born in 2010 and on 12/03/2015 it went public.',
      'price 5 * 12.03.1985',
    ]) {
      expect(dobs(text), text).toEqual([]);
    }
  });

  it('refuses impossible dates and years', () => {
    for (const text of [
      'born 31.02.1985',
      'born 32/01/1985',
      'born 13/13/1985',
      'born 1 March 1850',
      'born 2023-02-29',
    ]) {
      expect(dobs(text), text).toEqual([]);
    }
    expect(dobs('born 2024-02-29')).toEqual(['2024-02-29']);
  });

  it('reads a genealogical star after a comma as a birth', () => {
    const text = 'Patient: Horst Brenner, *14.02.1953\nDiagnose: -';
    expect(valuesOf(text, reported(findDateOfBirthSpans(text)))).toEqual(['14.02.1953']);
  });

  it('accepts a US month-first date', () => {
    expect(dobs('DOB 12/31/1985')).toEqual(['12/31/1985']);
  });

  it('scans 200,000 characters', () => {
    expect(dobs(longText('born on 1985-03-12'))).toEqual(Array(3).fill('1985-03-12'));
    expect(dobs('12.'.repeat(66_000))).toEqual([]);
  });
});
