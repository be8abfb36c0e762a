import { describe, expect, it } from 'vitest';
import { scoreSet } from '../../models/eval/evaluate.js';
import type { EntitySpan, EvalExample } from '../../models/eval/example.js';
import { renderSetReport } from '../../models/eval/report.js';
import { findEvalSet } from '../../models/eval/sets.js';
import { checkTargets } from '../../models/eval/targets.js';

const span = (type: string, start: number, end: number): EntitySpan => ({ type, start, end });

const examples: EvalExample[] = [
  {
    id: 'en-1',
    lang: 'en',
    text: 'hi, I am Ann Lee, mail ann@x.io',
    gold: [span('PERSON', 9, 16), span('EMAIL_ADDRESS', 23, 31)],
    ignored: [],
  },
  {
    id: 'de-1',
    lang: 'de',
    text: 'Herr Kurt Roth aus Bonn',
    gold: [span('PERSON', 5, 14), span('LOCATION', 19, 23)],
    ignored: [span('TITLE', 0, 4)],
  },
];
const clean: EvalExample[] = [
  { id: 'c-1', lang: 'en', text: 'Order 123 shipped in May', gold: [], ignored: [] },
  { id: 'c-2', lang: 'de', text: 'Version 2.0 ist da', gold: [], ignored: [] },
];

const predictions: EntitySpan[][] = [
  [span('PERSON', 9, 16), span('EMAIL_ADDRESS', 23, 31), span('DATE_OF_BIRTH', 0, 2)],
  [span('PERSON', 0, 14), span('LOCATION', 19, 23)],
];

describe('scoreSet', () => {
  it('scores exact and overlap matches per type, only on the scored types', () => {
    const scores = scoreSet(examples, predictions, ['PERSON', 'LOCATION', 'EMAIL_ADDRESS'], clean, [[], []]);
    expect(scores.exact.get('PERSON')).toEqual({
      gold: 2,
      predicted: 2,
      goldMatched: 1,
      predictedMatched: 1,
    });
    expect(scores.overlap.get('PERSON')).toEqual({
      gold: 2,
      predicted: 2,
      goldMatched: 2,
      predictedMatched: 2,
    });
    expect(scores.exact.has('DATE_OF_BIRTH')).toBe(false);
    expect(scores.ignoredGold).toEqual(new Map([['TITLE', 1]]));
    expect(scores.clean).toMatchObject({ texts: 2, entities: 0 });
  });

  it('breaks scores down per language', () => {
    const scores = scoreSet(examples, predictions, ['PERSON', 'LOCATION', 'EMAIL_ADDRESS']);
    expect(scores.byLanguage.get('en')?.texts).toBe(1);
    expect(scores.byLanguage.get('en')?.exact.get('PERSON')?.goldMatched).toBe(1);
    expect(scores.byLanguage.get('de')?.exact.get('PERSON')?.goldMatched).toBe(0);
    expect(scores.byLanguage.get('de')?.overlap.get('PERSON')?.goldMatched).toBe(1);
    expect(scores.clean).toBeUndefined();
  });

  it('counts a false positive lying on an unscored gold label', () => {
    const scores = scoreSet(
      [examples[1] as EvalExample],
      [[span('ORGANIZATION', 0, 4)]],
      ['PERSON', 'ORGANIZATION'],
    );
    expect(scores.falsePositivesOnIgnored).toEqual(new Map([['TITLE', 1]]));
    expect(scores.exact.get('ORGANIZATION')).toEqual({
      gold: 0,
      predicted: 1,
      goldMatched: 0,
      predictedMatched: 0,
    });
  });

  it('insists on one prediction list per text', () => {
    expect(() => scoreSet(examples, [[]], ['PERSON'])).toThrow('one prediction list per text');
  });
});

describe('checkTargets', () => {
  it('passes and fails the product targets on exact matches', () => {
    const scores = scoreSet(examples, predictions, ['PERSON', 'LOCATION', 'EMAIL_ADDRESS'], clean, [
      [span('DATE_OF_BIRTH', 21, 24)],
      [],
    ]);
    const checks = Object.fromEntries(checkTargets(scores).map((c) => [c.name, c]));
    expect(checks['EMAIL_ADDRESS recall']).toMatchObject({ value: 1, passed: true });
    expect(checks['EMAIL_ADDRESS precision']).toMatchObject({ value: 1, passed: true });
    expect(checks['PERSON recall']).toMatchObject({ value: 0.5, passed: false });
    expect(checks['false-positive entities per clean text']).toMatchObject({ value: 0.5, passed: false });
    expect(checks['IBAN_CODE recall']).toBeUndefined();
  });
});

describe('renderSetReport', () => {
  it('prints the per-type table, the per-language table, the clean-text rate and the targets', () => {
    const set = findEvalSet('pii-chat');
    if (!set) throw new Error('pii-chat set missing');
    const scores = scoreSet(examples, predictions, set.scoredTypes, clean, [[span('PERSON', 0, 5)], []]);
    const report = renderSetReport({ set, scores, detectSeconds: 2, characters: 100 });
    expect(report).toContain('## pii-chat');
    expect(report).toContain('| PERSON | 2 | 2 | 0.500 | 0.500 | 0.500 | 1.000 | 1.000 | 1.000 |');
    expect(report).toContain('| **micro** | 4 | 5 | 0.600 | 0.750 | 0.667 | 0.800 | 1.000 | 0.889 |');
    expect(report).toContain('| de | 1 | 1 | 0.000 | 1.000 |');
    expect(report).toContain(
      'Clean texts: 2, entities found 1 (0.500 per text), texts with any entity 1; by type: PERSON 1.',
    );
    expect(report).toContain('| PERSON recall | 0.500 | >= 0.95 | **FAIL** |');
    expect(report).toContain('2.0 texts/s');
  });

  it('prints token-level scores beside the published Presidio figures', () => {
    const set = findEvalSet('presidio-synth');
    if (!set) throw new Error('presidio-synth set missing');
    const scores = scoreSet(examples, predictions, set.scoredTypes);
    const report = renderSetReport({ set, scores, detectSeconds: 0, characters: 0 });
    expect(report).toContain('| this engine | 0.909 | 1.000 | 0.980 |');
    expect(report).toContain('| Presidio, spaCy en_core_web_lg (published) | 0.685 | 0.603 | 0.618 |');
    expect(report).toContain('Unscored gold spans: TITLE 1.');
    expect(report).not.toContain('Targets');
  });
});
