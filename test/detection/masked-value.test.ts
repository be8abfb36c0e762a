import { describe, expect, it } from 'vitest';
import { maskedValue } from '../../src/detection/masked-value.js';

describe('maskedValue', () => {
  it('keeps the first character and masks the rest', () => {
    expect(maskedValue('jane@example.com')).toBe('j***************');
    expect(maskedValue('J')).toBe('J');
    expect(maskedValue('')).toBe('');
  });

  it('counts code points, not UTF-16 units', () => {
    expect(maskedValue('😀ab')).toBe('😀**');
    expect(maskedValue('a😀b')).toBe('a**');
    expect(maskedValue('Zoë')).toBe('Z**');
  });
});
