import { describe, expect, it } from 'vitest';
import { chooseWindows, Piece, pieces } from '../../../src/detection/recognizers/phone-windows.js';

const groupsText = (run: string) => pieces(run).map((groups) => groups.map((g) => run.slice(g.start, g.end)));

describe('pieces', () => {
  it('splits a run where the text between digit groups is no phone separator', () => {
    expect(groupsText('+44 (0)20 7946-0958')).toEqual([['44', '0', '20', '7946', '0958']]);
    expect(groupsText('030 1234567, 0171 1234567')).toEqual([
      ['030', '1234567'],
      ['0171', '1234567'],
    ]);
    expect(groupsText('12..34  56')).toEqual([['12'], ['34'], ['56']]);
  });
});

describe('Piece', () => {
  it('counts digits and includes a leading + or ( and a closing ) in window bounds', () => {
    const run = '+1 (415) 555-0123';
    const piece = new Piece(run, pieces(run)[0]!);
    expect(piece.digits(0, 3)).toBe(11);
    const [start, end] = piece.bounds(0, 3);
    expect(run.slice(start, end)).toBe(run);
    const [s2, e2] = piece.bounds(1, 3);
    expect(run.slice(s2, e2)).toBe('(415) 555-0123');
    const bracketed = '(030 1234567)';
    const whole = new Piece(bracketed, pieces(bracketed)[0]!);
    const [s3, e3] = whole.bounds(0, 1);
    expect(bracketed.slice(s3, e3)).toBe('030 1234567');
    expect(piece.spacedBefore(1)).toBe(true);
    expect(piece.spacedBefore(3)).toBe(false);
  });
});

describe('chooseWindows', () => {
  const run = '030 1234567 0171 1234567';
  const piece = new Piece(run, pieces(run)[0]!);
  const text = (i: number, j: number) => {
    const [s, e] = piece.bounds(i, j);
    return run.slice(s, e);
  };

  it('covers the most digits, with fewer windows on a tie', () => {
    // Everything from 7 to 17 digits is "valid": the single window over groups 0-2 loses to two windows.
    expect(chooseWindows(piece, { min: 7, max: 17 }, (i, j) => text(i, j))).toEqual([
      '030 1234567',
      '0171 1234567',
    ]);
    const onlyWhole = (i: number, j: number) => (i === 0 && j === 3 ? text(i, j) : null);
    expect(chooseWindows(piece, { min: 7, max: 30 }, onlyWhole)).toEqual([run]);
  });

  it('returns nothing when no window is accepted', () => {
    expect(chooseWindows(piece, { min: 7, max: 17 }, () => null)).toEqual([]);
  });
});
