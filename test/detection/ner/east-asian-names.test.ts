import { describe, expect, it } from 'vitest';
import { EAST_ASIAN_NAMES } from '../../../models/ner/synthetic/east-asian-names.js';

describe('EAST_ASIAN_NAMES (committed output of models/ner/east-asian-names-build.ts)', () => {
  const lists = Object.entries(EAST_ASIAN_NAMES).flatMap(([origin, { given, family }]) => [
    [`${origin} given`, given] as const,
    [`${origin} family`, family] as const,
  ]);

  it('holds Chinese, Korean and Japanese given names and surnames, sorted and without repeats', () => {
    expect(Object.keys(EAST_ASIAN_NAMES).sort()).toEqual(['ja', 'ko', 'zh']);
    for (const [, names] of lists) {
      expect(names.length).toBeGreaterThan(30);
      expect(new Set(names).size).toBe(names.length);
      expect([...names].sort()).toEqual(names);
    }
  });

  it('writes every name in Latin letters, capitalised, three letters or more', () => {
    for (const [list, names] of lists)
      for (const name of names) {
        expect(name, list).toMatch(/^[A-Z][a-z]*(?:-[a-z]+)?$/);
        expect(name.replace('-', '').length, name).toBeGreaterThanOrEqual(3);
      }
  });

  it('romanises as Latin-script text usually writes these names', () => {
    expect(EAST_ASIAN_NAMES.zh.family).toEqual(expect.arrayContaining(['Wang', 'Zhang', 'Chen', 'Zhao']));
    expect(EAST_ASIAN_NAMES.ko.family).toEqual(expect.arrayContaining(['Kim', 'Choi', 'Yoon']));
    expect(EAST_ASIAN_NAMES.ko.given).toEqual(expect.arrayContaining(['Min-seo', 'Minseo']));
    expect(EAST_ASIAN_NAMES.ja.family).toEqual(expect.arrayContaining(['Suzuki', 'Tanaka', 'Yamamoto']));
    // Common words stay out, as in the other extra name lists ("park", "lee" and "song" are English).
    const all = lists.flatMap(([, names]) => names);
    for (const word of ['Park', 'Lee', 'Song', 'Long']) expect(all).not.toContain(word);
  });
});
