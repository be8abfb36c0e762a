import { describe, expect, it } from 'vitest';
import { withBmpClasses } from '../../../src/detection/recognizers/bmp-classes.js';

describe('withBmpClasses', () => {
  it('matches every BMP character as the property class does, alone and inside a class', () => {
    const pairs = [
      [/^\p{Lu}$/u, new RegExp(`^${withBmpClasses(String.raw`\p{Lu}`)}$`, 'u')],
      [/^[\p{L}\p{M}'-]$/u, new RegExp(`^${withBmpClasses(String.raw`[\p{L}\p{M}'-]`)}$`, 'u')],
      [/^[^\p{L}\p{N}]$/u, new RegExp(`^${withBmpClasses(String.raw`[^\p{L}\p{N}]`)}$`, 'u')],
    ] as const;
    for (const [original, cut] of pairs) {
      for (let c = 0; c <= 0xffff; c++) {
        if (c >= 0xd800 && c <= 0xdfff) continue;
        const char = String.fromCharCode(c);
        if (original.test(char) !== cut.test(char)) expect.fail(`${original.source} on U+${c.toString(16)}`);
      }
    }
  });

  it('leaves escapes, other properties and letters beyond the BMP alone', () => {
    expect(withBmpClasses(String.raw`\\p{L}\d\p{sc=Han}`)).toBe(String.raw`\\p{L}\d\p{sc=Han}`);
    expect(new RegExp(withBmpClasses(String.raw`^\p{L}$`), 'u').test('𝐀')).toBe(false);
    expect(new RegExp(withBmpClasses(String.raw`^\p{L}+$`), 'u').test('Łódź')).toBe(true);
  });
});
