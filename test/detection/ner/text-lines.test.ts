import { describe, expect, it } from 'vitest';
import { textLines } from '../../../src/detection/ner/text-lines.js';

describe('textLines', () => {
  it('splits at "\\n" and "\\r\\n", keeping each line\'s start', () => {
    expect(textLines('ab\r\ncd\nef')).toEqual([
      { start: 0, text: 'ab' },
      { start: 4, text: 'cd' },
      { start: 7, text: 'ef' },
    ]);
  });

  it('gives one line for a text without a break, and an empty last line after a final break', () => {
    expect(textLines('')).toEqual([{ start: 0, text: '' }]);
    expect(textLines('ab\n')).toEqual([
      { start: 0, text: 'ab' },
      { start: 3, text: '' },
    ]);
  });
});
