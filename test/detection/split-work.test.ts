import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { balance, PIECE_OVERLAP, piecesOf, reassemble } from '../../src/detection/split-work.js';
import { analyzeText } from '../../src/detection/analyze.js';
import { DEFAULT_DETECTION_SETTINGS } from '../../src/detection/types.js';

const detect = (text: string) => analyzeText(text, DEFAULT_DETECTION_SETTINGS, []);

describe('spreading detection over threads', () => {
  it('cuts long texts into overlapping pieces that cover every character', () => {
    const text = 'word '.repeat(20_000);
    const pieces = piecesOf([text, 'short'], 30_000);
    const long = pieces.filter((p) => p.textIndex === 0);
    expect(long.length).toBeGreaterThan(2);
    expect(long[0]!.offset).toBe(0);
    for (let i = 1; i < long.length; i++) {
      const prevEnd = long[i - 1]!.offset + long[i - 1]!.text.length;
      expect(long[i]!.offset).toBeLessThan(prevEnd - PIECE_OVERLAP + 300);
      expect(long[i]!.offset).toBeGreaterThan(long[i - 1]!.offset);
    }
    const last = long[long.length - 1]!;
    expect(last.offset + last.text.length).toBe(text.length);
    for (const p of long) expect(text.slice(p.offset, p.offset + p.text.length)).toBe(p.text);
    expect(pieces.filter((p) => p.textIndex === 1)).toEqual([{ textIndex: 1, offset: 0, text: 'short' }]);
  });

  it('balances pieces over groups', () => {
    const pieces = piecesOf(['a'.repeat(100), 'b'.repeat(90), 'c'.repeat(20), 'd'.repeat(80)], 1_000_000);
    const groups = balance(pieces, 2);
    const loads = groups.map((g) => g.reduce((n, p) => n + p.text.length, 0));
    expect(loads.sort()).toEqual([100 + 20, 90 + 80].sort());
  });

  it('finds exactly what a whole-text pass finds, wherever the cuts fall', () => {
    const entities = [
      'maria.rossi@example.com',
      '+44 20 7946 0958',
      'DE89 3704 0044 0532 0130 00',
      '4111 1111 1111 1111',
    ];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 400 })), {
          minLength: 20,
          maxLength: 120,
        }),
        (plan) => {
          let text = '';
          for (const [which, filler] of plan)
            text += 'lorem ipsum dolor '.repeat(filler).slice(0, filler * 7) + ` ${entities[which]} `;
          const pieces = piecesOf([text], Math.ceil(text.length / 2));
          const whole = detect(text);
          const split = reassemble(
            1,
            pieces,
            pieces.map((p) => detect(p.text)),
          )[0]!;
          expect(split).toEqual(whole);
        },
      ),
      { numRuns: 40 },
    );
  });
});
