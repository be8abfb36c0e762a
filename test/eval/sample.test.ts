import { describe, expect, it } from 'vitest';
import { spreadSample } from '../../models/eval/sample.js';

describe('spreadSample', () => {
  it('returns everything when the limit is not smaller than the list', () => {
    expect(spreadSample([1, 2, 3], 3)).toEqual([1, 2, 3]);
    expect(spreadSample([1, 2], Number.POSITIVE_INFINITY)).toEqual([1, 2]);
  });

  it('picks evenly spread items, first one included', () => {
    expect(spreadSample([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 5)).toEqual([0, 2, 4, 6, 8]);
    expect(spreadSample(['en', 'en', 'de', 'de', 'fr', 'fr'], 3)).toEqual(['en', 'de', 'fr']);
  });
});
