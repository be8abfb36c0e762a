import { describe, expect, it } from 'vitest';
import { addCapitalisedSurnames } from '../../../src/detection/ner/capitalised-surnames.js';
import type { Span } from '../../../src/detection/types.js';
import { spanOf } from '../../helpers/span-of.js';

const firstNames = new Set(['aurélie', 'lucas', 'chloé', 'pedro', 'jean', 'liam', 'yann', 'julie', 'marco']);
const surnames = new Set(['fontaine', 'bernard', 'garcía', 'goff', 'lópez']);
const names = {
  isFirstName: (word: string) => firstNames.has(word.toLowerCase()),
  isSurname: (word: string) => surnames.has(word.toLowerCase()),
};

const found = (text: string, spans: Span[] = []) =>
  addCapitalisedSurnames(text, spans, names).map((s) => [text.slice(s.start, s.end), s.entity_type]);

describe('addCapitalisedSurnames', () => {
  it('reads a surname in capitals before a known first name as a person, replacing a weaker span', () => {
    expect(found('Demande de congés : FONTAINE Aurélie, du 23/12 au 02/01.')).toEqual([
      ['FONTAINE Aurélie', 'PERSON'],
    ]);
    const text = 'Convocation de MARTIN Lucas et BERNARD Chloé à 14 h.';
    expect(found(text, [spanOf(text, 'MARTIN Lucas et BERNARD', 'ORGANIZATION', 0.64)])).toEqual([
      ['MARTIN Lucas', 'PERSON'],
      ['BERNARD Chloé', 'PERSON'],
    ]);
    const solicitud = 'Solicitud de GARCÍA LÓPEZ Pedro recibida el lunes.';
    expect(found(solicitud, [spanOf(solicitud, 'Solicitud de GARCÍA LÓPEZ Pedro', 'PERSON', 0.55)])).toEqual([
      ['GARCÍA LÓPEZ Pedro', 'PERSON'],
    ]);
    expect(found('Inscrits : LE GOFF Yann, DUPONT Jean-Pierre et les autres')).toEqual([
      ['LE GOFF Yann', 'PERSON'],
      ['DUPONT Jean-Pierre', 'PERSON'],
    ]);
  });

  it('keeps capitals that are no surname out: headings, greetings, acronyms, English shouting', () => {
    expect(found('DEMANDE FONTAINE Aurélie et le reste')).toEqual([['FONTAINE Aurélie', 'PERSON']]);
    expect(found('CIAO Marco, come stai? Sono a casa')).toEqual([]);
    expect(found('Envoyé par EDF Julie et la CAF pour le dossier')).toEqual([]);
    expect(found('OH MY GOD Liam is here and the crowd went wild')).toEqual([]);
    expect(found('Rapport de MARTIN Rapport, sans prénom connu')).toEqual([]);
  });

  it("keeps the model's surer span", () => {
    const text = 'Paziente: FONTAINE Aurélie, nata il 12/03';
    expect(
      addCapitalisedSurnames(text, [spanOf(text, 'FONTAINE Aurélie', 'PERSON', 0.99)], names)[0]!.score,
    ).toBe(0.99);
  });

  it('reads 200,000 characters of capitals and particles in linear time', () => {
    for (const text of [
      'DE '.repeat(66_000) + 'Marco',
      'AAAA '.repeat(40_000) + 'Marco',
      'X'.repeat(200_000),
    ]) {
      const started = performance.now();
      addCapitalisedSurnames(text, [], names);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});
