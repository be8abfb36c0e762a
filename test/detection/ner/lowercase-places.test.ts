import { describe, expect, it } from 'vitest';
import { withoutUnknownLowercasePlaces } from '../../../src/detection/ner/lowercase-places.js';
import { spanOf } from '../../helpers/span-of.js';

const known = new Set(['portland', 'east', 'giulia', 'san', 'francisco']);
const kept = (text: string, value: string, type = 'LOCATION') =>
  withoutUnknownLowercasePlaces(text, [spanOf(text, value, type)], (word) =>
    known.has(word.toLowerCase()),
  ).map((s) => text.slice(s.start, s.end));

describe('withoutUnknownLowercasePlaces', () => {
  it('drops lower-case places that no word of the lists holds, in German, French, Spanish or Italian text', () => {
    expect(kept('bici solo in cantina, rifiuti fuori il martedì', 'cantina')).toEqual([]);
    expect(kept('pompe à chaleur vs chaudière à granulés', 'granulés')).toEqual([]);
    expect(kept('el turno empieza a las once', 'las once')).toEqual([]);
  });

  it('keeps known places and names in lower case, capitalised places, other types, and English or unclear text', () => {
    expect(kept('i live in east portland now', 'east portland')).toEqual(['east portland']);
    expect(kept('we are flying to vegas for the weekend', 'vegas')).toEqual(['vegas']);
    expect(kept('caldaia a condensazione', 'condensazione')).toEqual(['condensazione']);
    expect(kept('moving to san francisco', 'san francisco')).toEqual(['san francisco']);
    expect(kept('manda una copia giulia', 'copia giulia')).toEqual(['copia giulia']);
    expect(kept('ich wohne in Kleinkleckersdorf', 'Kleinkleckersdorf')).toEqual(['Kleinkleckersdorf']);
    expect(kept('ask cantina about it', 'cantina', 'PERSON')).toEqual(['cantina']);
  });
});
