import { describe, expect, it } from 'vitest';
import { addDottedNicknames } from '../../../src/detection/ner/dotted-nicknames.js';
import { spanOf } from '../../helpers/span-of.js';

const found = (text: string, spans = [] as ReturnType<typeof spanOf>[]) =>
  addDottedNicknames(text, spans).map((s) => [text.slice(s.start, s.end), s.entity_type]);

describe('addDottedNicknames', () => {
  it('adds two dotted initials standing alone in English text', () => {
    expect(found('Beware of the salesman T.J. at this dealership.')).toEqual([['T.J.', 'PERSON']]);
    expect(found('J.R. was robbed, that foul call was garbage')).toEqual([['J.R.', 'PERSON']]);
    expect(found('thanks to A.J.!')).toEqual([['A.J.', 'PERSON']]);
  });

  it('replaces a weaker guess of another type, and leaves a stronger one', () => {
    const text = 'Update: A.J. from the forums figured it out';
    expect(found(text, [spanOf(text, 'A.J.', 'ORGANIZATION', 0.77)])).toEqual([['A.J.', 'PERSON']]);
    expect(found(text, [spanOf(text, 'A.J.', 'ORGANIZATION', 0.9)])).toEqual([['A.J.', 'ORGANIZATION']]);
  });

  it('skips abbreviations, initials before a name, longer dotted runs and other languages', () => {
    expect(found('the U.S. was founded in 1776, and D.C. is its capital')).toEqual([]);
    expect(found('meet at 10 A.M. tomorrow, P.S. bring snacks')).toEqual([]);
    expect(found('J.R. Hartley wrote it')).toEqual([]);
    expect(found('the U.S.A. was there')).toEqual([]);
    expect(found('Il faut demander à J.R. demain, merci pour tout')).toEqual([]);
  });
});
