import { describe, expect, it } from 'vitest';
import { withoutElidedTails } from '../../../src/detection/ner/elided-tails.js';
import { spanOf } from '../../helpers/span-of.js';

const kept = (text: string, value: string, type = 'PERSON') =>
  withoutElidedTails(text, [spanOf(text, value, type)]).map((s) => text.slice(s.start, s.end));

describe('withoutElidedTails', () => {
  it('cuts a lower-case elided article off the end of a person or place', () => {
    expect(kept("le chiavi di Teo nell'ascensore", 'Teo nell', 'LOCATION')).toEqual(['Teo']);
    expect(kept('Je passe chez Marc l’après-midi', 'Marc l')).toEqual(['Marc']);
  });

  it('keeps capitalised particles, words not before an apostrophe, and other types', () => {
    expect(kept("Giulia Dell'Acqua arriva", "Giulia Dell'Acqua")).toEqual(["Giulia Dell'Acqua"]);
    expect(kept("Giulia Dell'Acqua arriva", 'Giulia Dell')).toEqual(['Giulia Dell']);
    expect(kept('Anna un giorno', 'Anna un')).toEqual(['Anna un']);
    expect(kept("Rossi dell'azienda", 'Rossi dell', 'ORGANIZATION')).toEqual(['Rossi dell']);
  });
});
