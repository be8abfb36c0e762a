import { describe, expect, it } from 'vitest';
import { allMatches } from '../../src/detection/all-matches.js';

describe('allMatches', () => {
  it('finds every match with its index and groups, like matchAll', () => {
    const regex = /(?<n>\d+)/g;
    const text = 'a1 b22 c333';
    expect(allMatches(regex, text).map((m) => [m.index, m.groups?.['n']])).toEqual(
      [...text.matchAll(regex)].map((m) => [m.index, m.groups?.['n']]),
    );
  });

  it('starts from the beginning whatever an earlier use left in lastIndex', () => {
    const regex = /\d/g;
    regex.lastIndex = 5;
    expect(allMatches(regex, '123')).toHaveLength(3);
    expect(allMatches(regex, '45')).toHaveLength(2);
  });

  it('steps over empty matches instead of looping', () => {
    expect(allMatches(/x*/g, 'abc')).toHaveLength(4);
  });

  it('refuses a regex without the g flag, which would match forever', () => {
    expect(() => allMatches(/\d/, '1')).toThrow(/global/);
  });
});
