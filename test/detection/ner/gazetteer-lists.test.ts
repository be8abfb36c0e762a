import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_DIR } from '../../../src/detection/ner/model-files.js';
import { GAZETTEER_NAMES } from '../../../src/detection/ner/gazetteer.js';
import { shippedGazetteerEntries, type GazetteerEntries } from '../../../models/ner/gazetteer-lists.js';
import { NICKNAMES } from '../../../models/ner/nicknames.js';
import { GIVEN_NAMES, NAMES_ALSO_WORDS } from '../../../models/ner/given-names.js';
import { FREQUENT_SURNAMES } from '../../../models/ner/frequent-surnames.js';

function lists(entries: Partial<GazetteerEntries>): GazetteerEntries {
  return Object.fromEntries(GAZETTEER_NAMES.map((name) => [name, entries[name] ?? []])) as GazetteerEntries;
}

describe('shippedGazetteerEntries', () => {
  const training = lists({
    first_names: ['Anna', 'Rosa'],
    surnames: ['Rossi'],
    places: ['Berlin'],
    countries: ['Italia'],
    titles: ['dr'],
  });
  const heldOut = lists({
    first_names: ['Nuria', 'Mark', 'Sydney', 'Italia', 'Léa', 'Jack', 'Oliver', 'Sue', 'Florida', 'Nell'],
    surnames: ['Wolf', 'Etxeberria', 'Zug', 'Dupont'],
    places: ['Zug', 'Cagliari', 'Oliver', 'Sydney', 'Dupont', 'Con', 'Portland', 'Street'],
    titles: ['held-out titles are never added'],
  });
  const filters = {
    commonWords: new Set(['mark', 'wolf', 'zug', 'jack', 'portland', 'street']),
    stopWords: new Set(['sue', 'nell', 'con']),
    curatedNames: new Set(['Jack', 'Oliver', 'Sue', 'Florida', 'Dupont', 'Italia']),
    regions: new Set(['florida']),
    bigCities: new Set(['Portland']),
  };
  const shipped = shippedGazetteerEntries(training, heldOut, filters);

  it('adds the held-out names that are neither common words nor places, and the listed names that are', () => {
    expect(shipped.first_names).toEqual(['Anna', 'Rosa', 'Nuria', 'Léa', 'Jack', 'Oliver']);
    expect(shipped.surnames).toEqual(['Rossi', 'Etxeberria', 'Dupont']);
  });

  it('never adds a stop word, a country or a region as a name, listed or not', () => {
    for (const word of ['Sue', 'Nell', 'Italia', 'Florida']) expect(shipped.first_names).not.toContain(word);
  });

  it('adds held-out places that are neither common words nor stop words, big cities even when words, and nothing to the closed lists', () => {
    expect(shipped.places).toEqual(['Berlin', 'Cagliari', 'Oliver', 'Sydney', 'Dupont', 'Portland']);
    expect(shipped.titles).toEqual(['dr']);
    expect(shipped.countries).toEqual(['Italia']);
  });

  it('keeps every training entry, common word or not', () => {
    const withCommonTraining = shippedGazetteerEntries(training, heldOut, {
      ...filters,
      commonWords: new Set(['rosa']),
    });
    expect(withCommonTraining.first_names).toContain('Rosa');
  });
});

describe("the shipped model's name lists", () => {
  const list = (name: string) =>
    new Set(readFileSync(join(DEFAULT_MODEL_DIR, 'gazetteers', `${name}.txt`), 'utf8').split('\n'));
  const firstNames = list('first_names');
  const surnames = list('surnames');

  it('hold common names that are also words or towns', () => {
    for (const name of ['Oliver', 'Martin', 'Charlotte', 'Jack', 'Victor', 'Nuria', 'Montse'])
      expect(firstNames.has(name), name).toBe(true);
    for (const name of ['Williams', 'Dupont', 'Moreno', 'Iglesias'])
      expect(surnames.has(name), name).toBe(true);
  });

  it('hold no stop word, country or region as a name', () => {
    for (const word of ['Ella', 'Can', 'Said', 'Florida', 'France', 'Kenya'])
      expect(firstNames.has(word) || surnames.has(word), word).toBe(false);
  });
});

describe('NICKNAMES', () => {
  it('holds capitalised short forms, each once per language', () => {
    for (const [language, names] of Object.entries(NICKNAMES)) {
      expect(names.length, language).toBeGreaterThan(30);
      expect(new Set(names).size, language).toBe(names.length);
      for (const name of names) expect(name, language).toMatch(/^\p{Lu}[\p{L}\p{M}-]+$/u);
    }
  });
});

describe('GIVEN_NAMES and FREQUENT_SURNAMES', () => {
  it('hold capitalised names, each once per list', () => {
    for (const [list, names] of [...Object.entries(GIVEN_NAMES), ...Object.entries(FREQUENT_SURNAMES)]) {
      expect(names.length, list).toBeGreaterThan(30);
      expect(new Set(names).size, list).toBe(names.length);
      for (const name of names) expect(name, list).toMatch(/^\p{Lu}[\p{L}\p{M}'-]+$/u);
    }
  });

  it('exempts only capitalised single names from the word filters, each once', () => {
    expect(new Set(NAMES_ALSO_WORDS).size).toBe(NAMES_ALSO_WORDS.length);
    for (const name of NAMES_ALSO_WORDS) expect(name).toMatch(/^\p{Lu}\p{Ll}+$/u);
  });
});
