import { describe, expect, it } from 'vitest';
import { filterNames } from '../../../models/ner/name-lists.js';
import { isHeldOut } from '../../../models/ner/synthetic/random.js';
import { HELD_OUT_PERCENT } from '../../../models/ner/synthetic/lexicon.js';

describe('filterNames (extra gazetteer names)', () => {
  const exclude = { commonWords: new Set(['street', 'will', 'service']), notNames: new Set(['berlin']) };
  // Names on both sides of the held-out hash split, sorted by the split itself rather than hard-coded.
  const candidates = [
    'Aaliyah',
    'Oyelaran',
    'Bartholomew',
    'Vandenberghe',
    'Kowalczyk',
    'Nakamura',
    'Quarshie',
  ];
  const trainSide = candidates.filter((n) => !isHeldOut(n.toLowerCase(), HELD_OUT_PERCENT));
  const heldOut = candidates.filter((n) => isHeldOut(n.toLowerCase(), HELD_OUT_PERCENT));

  it('keeps capitalised names of three letters or more, with apostrophes, hyphens and spaces', () => {
    const names = trainSide.slice(0, 2);
    expect(names).toHaveLength(2);
    expect(filterNames([...names, ...names], exclude)).toEqual(names);
    const shaped = ["O'Neil", 'Smith-Jones', 'Van Dyke'].filter(
      (n) => !isHeldOut(n.toLowerCase(), HELD_OUT_PERCENT),
    );
    expect(shaped.length).toBeGreaterThan(0);
    expect(filterNames(shaped, exclude)).toEqual(shaped);
  });

  it('drops common words, places, short or odd entries and the held-out split', () => {
    expect(heldOut.length).toBeGreaterThan(0);
    const dropped = [
      'Street',
      'Will',
      'SERVICE',
      'Berlin',
      'Al',
      'Jo',
      'van',
      'A1b',
      'Ann.',
      "'Tis",
      ...heldOut,
    ];
    expect(filterNames(dropped, exclude)).toEqual([]);
  });

  it("keeps only the held-out split's names for the held-out half, with the same filters", () => {
    expect(filterNames([...trainSide, ...heldOut, 'Street', 'Berlin'], exclude, 'held-out')).toEqual(heldOut);
  });
});
