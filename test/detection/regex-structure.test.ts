import { describe, expect, it } from 'vitest';
import {
  allChars,
  complement,
  firstChars,
  intersects,
  loopCharsAtEdge,
  minLength,
  normalizeSet,
  parseRegex,
  union,
  type CharSet,
} from '../../src/detection/regex-structure.js';

const code = (c: string) => c.charCodeAt(0);
const has = (set: CharSet, c: string) => set.some(([lo, hi]) => code(c) >= lo && code(c) <= hi);

describe('character sets', () => {
  it('normalizes, unites, complements and intersects ranges', () => {
    expect(
      normalizeSet([
        [5, 9],
        [1, 3],
        [4, 4],
      ]),
    ).toEqual([[1, 9]]);
    expect(union([[1, 2]], [[4, 5]])).toEqual([
      [1, 2],
      [4, 5],
    ]);
    expect(
      complement([
        [0, 9],
        [20, 0xffff],
      ]),
    ).toEqual([[10, 19]]);
    expect(intersects([[1, 3]], [[3, 5]])).toBe(true);
    expect(intersects([[1, 3]], [[4, 5]])).toBe(false);
  });
});

describe('parseRegex', () => {
  it('computes minimum lengths', () => {
    expect(minLength(parseRegex('abc').root)).toBe(3);
    expect(minLength(parseRegex('a|bc').root)).toBe(1);
    expect(minLength(parseRegex('(?:ab){2,3}c?').root)).toBe(4);
    expect(minLength(parseRegex(String.raw`\b(?=x)^$`).root)).toBe(0);
    expect(minLength(parseRegex('a{0}').root)).toBe(0);
  });

  it('reads classes, escapes and ranges', () => {
    const cls = allChars(parseRegex(String.raw`[a-c\d_-]`).root);
    for (const c of 'abc019_-') expect(has(cls, c), c).toBe(true);
    expect(has(cls, 'd')).toBe(false);
    const negated = allChars(parseRegex('[^a]').root);
    expect(has(negated, 'a')).toBe(false);
    expect(has(negated, 'b')).toBe(true);
    expect(has(allChars(parseRegex(String.raw`\x41\u0042\cJ\t`).root), 'B')).toBe(true);
    expect(has(allChars(parseRegex('.').root), '\n')).toBe(false);
    expect(allChars(parseRegex('[]').root)).toEqual([]);
    expect(has(allChars(parseRegex(String.raw`[\d-x]`).root), '-')).toBe(true);
  });

  it('finds first characters through optional parts', () => {
    const first = firstChars(parseRegex('a?b*c').root);
    for (const c of 'abc') expect(has(first, c), c).toBe(true);
    expect(has(firstChars(parseRegex('ab').root), 'b')).toBe(false);
  });

  it('finds repeated characters at the edges', () => {
    const root = parseRegex(String.raw`\d+-x?`).root;
    expect(has(loopCharsAtEdge(root, 'first'), '5')).toBe(true);
    expect(loopCharsAtEdge(root, 'last')).toEqual([]);
  });

  it('records unbounded quantifiers, lookbehinds and backreferences', () => {
    const parsed = parseRegex(String.raw`(?<!x)a+b*c{2,}d{1,3}e?`);
    expect(parsed.unbounded.map((q) => [q.start, q.end, q.min])).toEqual([
      [7, 8, 1],
      [9, 10, 0],
      [11, 15, 2],
    ]);
    expect(parsed.lookbehinds).toEqual([0]);
    expect(parsed.hasBackreference).toBe(false);
    expect(parseRegex(String.raw`(a)\1`).hasBackreference).toBe(true);
  });

  it('treats a brace that is not a quantifier as a literal', () => {
    const parsed = parseRegex('a{x}');
    expect(parsed.unbounded).toEqual([]);
    expect(minLength(parsed.root)).toBe(4);
  });
});
