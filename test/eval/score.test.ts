import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EntitySpan } from '../../models/eval/example.js';
import {
  addCounts,
  addTokenTagPairs,
  countMatches,
  emptyCounts,
  fBeta,
  falsePositiveRate,
  falsePositivesOnIgnored,
  keepTypes,
  microTotal,
  precisionRecall,
  summarizeCleanPredictions,
  tokenize,
  tokenLevelScores,
  type MatchCounts,
  type TokenTagPairs,
} from '../../models/eval/score.js';

const span = (type: string, start: number, end: number): EntitySpan => ({ type, start, end });

describe('countMatches', () => {
  it('counts an identical span as found in both modes', () => {
    for (const mode of ['exact', 'overlap'] as const) {
      const counts = countMatches([span('PERSON', 0, 5)], [span('PERSON', 0, 5)], mode);
      expect(counts.get('PERSON')).toEqual({ gold: 1, predicted: 1, goldMatched: 1, predictedMatched: 1 });
    }
  });

  it('counts a boundary mismatch only in overlap mode', () => {
    const gold = [span('PERSON', 10, 20)];
    const predicted = [span('PERSON', 7, 20)];
    expect(countMatches(gold, predicted, 'exact').get('PERSON')).toEqual({
      gold: 1,
      predicted: 1,
      goldMatched: 0,
      predictedMatched: 0,
    });
    expect(countMatches(gold, predicted, 'overlap').get('PERSON')).toEqual({
      gold: 1,
      predicted: 1,
      goldMatched: 1,
      predictedMatched: 1,
    });
  });

  it('does not match spans that only touch', () => {
    const counts = countMatches([span('PERSON', 0, 5)], [span('PERSON', 5, 9)], 'overlap');
    expect(counts.get('PERSON')?.goldMatched).toBe(0);
    expect(counts.get('PERSON')?.predictedMatched).toBe(0);
  });

  it('never matches across types', () => {
    const counts = countMatches([span('PERSON', 0, 5)], [span('LOCATION', 0, 5)], 'overlap');
    expect(counts.get('PERSON')).toEqual({ gold: 1, predicted: 0, goldMatched: 0, predictedMatched: 0 });
    expect(counts.get('LOCATION')).toEqual({ gold: 0, predicted: 1, goldMatched: 0, predictedMatched: 0 });
  });

  it('matches exactly one to one, so a duplicated prediction is a false positive', () => {
    const counts = countMatches(
      [span('EMAIL_ADDRESS', 3, 9)],
      [span('EMAIL_ADDRESS', 3, 9), span('EMAIL_ADDRESS', 3, 9)],
      'exact',
    );
    expect(counts.get('EMAIL_ADDRESS')).toEqual({
      gold: 1,
      predicted: 2,
      goldMatched: 1,
      predictedMatched: 1,
    });
  });

  it('lets one overlapping prediction find two gold spans', () => {
    const gold = [span('PERSON', 0, 4), span('PERSON', 5, 10)];
    const counts = countMatches(gold, [span('PERSON', 0, 10)], 'overlap');
    expect(counts.get('PERSON')).toEqual({ gold: 2, predicted: 1, goldMatched: 2, predictedMatched: 1 });
  });

  const spanList = fc.array(
    fc
      .record({
        type: fc.constantFrom('PERSON', 'LOCATION', 'PHONE_NUMBER'),
        start: fc.nat(60),
        length: fc.integer({ min: 1, max: 12 }),
      })
      .map(({ type, start, length }) => span(type, start, start + length)),
    { maxLength: 8 },
  );

  it('gives perfect scores when the predictions are the gold spans', () => {
    fc.assert(
      fc.property(spanList, (gold) => {
        const total = microTotal(
          countMatches(
            gold,
            gold.map((g) => ({ ...g })),
            'exact',
          ),
        );
        expect(total.goldMatched).toBe(gold.length);
        expect(total.predictedMatched).toBe(gold.length);
      }),
    );
  });

  it('never scores overlap below exact', () => {
    fc.assert(
      fc.property(spanList, spanList, (gold, predicted) => {
        const exact = microTotal(countMatches(gold, predicted, 'exact'));
        const overlap = microTotal(countMatches(gold, predicted, 'overlap'));
        expect(overlap.goldMatched).toBeGreaterThanOrEqual(exact.goldMatched);
        expect(overlap.predictedMatched).toBeGreaterThanOrEqual(exact.predictedMatched);
        expect(exact.goldMatched).toBeLessThanOrEqual(gold.length);
        expect(exact.predictedMatched).toBeLessThanOrEqual(predicted.length);
      }),
    );
  });
});

describe('precision, recall and F-scores', () => {
  it('computes precision, recall and F1 from counts', () => {
    const result = precisionRecall({ gold: 4, predicted: 5, goldMatched: 3, predictedMatched: 4 });
    expect(result.precision).toBeCloseTo(0.8);
    expect(result.recall).toBeCloseTo(0.75);
    expect(result.f1).toBeCloseTo((2 * 0.8 * 0.75) / 1.55);
  });

  it('leaves precision undefined without predictions and recall undefined without gold', () => {
    const none = precisionRecall(emptyCounts());
    expect(Number.isNaN(none.precision)).toBe(true);
    expect(Number.isNaN(none.recall)).toBe(true);
    expect(Number.isNaN(none.f1)).toBe(true);
    expect(precisionRecall({ gold: 2, predicted: 0, goldMatched: 0, predictedMatched: 0 }).recall).toBe(0);
  });

  it('reproduces the published Presidio F2 values from their precision and recall', () => {
    expect(fBeta(0.685, 0.603, 2)).toBeCloseTo(0.618, 3);
    expect(fBeta(0.87, 0.839, 2)).toBeCloseTo(0.845, 3);
  });

  it('returns 0 when precision and recall are both 0', () => {
    expect(fBeta(0, 0, 1)).toBe(0);
  });

  it('sums counts per type and micro-averages over chosen types', () => {
    const total = new Map<string, MatchCounts>();
    addCounts(total, new Map([['PERSON', { gold: 2, predicted: 1, goldMatched: 1, predictedMatched: 1 }]]));
    addCounts(
      total,
      new Map([
        ['PERSON', { gold: 1, predicted: 2, goldMatched: 1, predictedMatched: 1 }],
        ['IBAN_CODE', { gold: 1, predicted: 1, goldMatched: 1, predictedMatched: 1 }],
      ]),
    );
    expect(total.get('PERSON')).toEqual({ gold: 3, predicted: 3, goldMatched: 2, predictedMatched: 2 });
    expect(microTotal(total)).toEqual({ gold: 4, predicted: 4, goldMatched: 3, predictedMatched: 3 });
    expect(microTotal(total, ['IBAN_CODE'])).toEqual({
      gold: 1,
      predicted: 1,
      goldMatched: 1,
      predictedMatched: 1,
    });
  });
});

describe('filters and false positives', () => {
  it('keeps only the listed types', () => {
    const spans = [span('PERSON', 0, 1), span('DATE_OF_BIRTH', 2, 3)];
    expect(keepTypes(spans, new Set(['PERSON']))).toEqual([span('PERSON', 0, 1)]);
  });

  it('counts false positives that fall on unscored gold labels', () => {
    const gold = [span('ORGANIZATION', 0, 6)];
    const ignored = [span('group', 10, 20), span('product', 30, 35)];
    const predicted = [
      span('ORGANIZATION', 0, 6),
      span('ORGANIZATION', 12, 18),
      span('PERSON', 31, 33),
      span('PERSON', 40, 44),
    ];
    expect(falsePositivesOnIgnored(gold, ignored, predicted)).toEqual(
      new Map([
        ['group', 1],
        ['product', 1],
      ]),
    );
  });

  it('summarizes what was found in clean texts', () => {
    const summary = summarizeCleanPredictions([
      [],
      [span('PERSON', 0, 3), span('LOCATION', 5, 9)],
      [],
      [span('PERSON', 1, 2)],
    ]);
    expect(summary).toEqual({
      texts: 4,
      entities: 3,
      textsWithEntities: 2,
      byType: new Map([
        ['PERSON', 2],
        ['LOCATION', 1],
      ]),
    });
    expect(falsePositiveRate(summary)).toBeCloseTo(0.75);
    expect(Number.isNaN(falsePositiveRate(summarizeCleanPredictions([])))).toBe(true);
  });
});

describe('token-level scores', () => {
  it('splits words (with diacritics) and single punctuation marks', () => {
    const text = "Hi, I'm Zoë-Ann.";
    expect(tokenize(text).map((t) => text.slice(t.start, t.end))).toEqual([
      'Hi',
      ',',
      'I',
      "'",
      'm',
      'Zoë',
      '-',
      'Ann',
      '.',
    ]);
  });

  it('scores tokens like presidio-research: any-PII match ignores the type, per-type scores do not', () => {
    const text = 'Call Anna Berg at 555 0100 today';
    //            0    5    10   15  19  23   28
    const gold = [span('PERSON', 5, 14), span('PHONE_NUMBER', 18, 26)];
    const predicted = [
      span('PERSON', 5, 9),
      span('LOCATION', 10, 14),
      span('PHONE_NUMBER', 18, 26),
      span('PERSON', 27, 32),
    ];
    const pairs: TokenTagPairs = new Map();
    addTokenTagPairs(pairs, text, gold, predicted);
    expect(pairs.get('PERSON\tPERSON')).toBe(1);
    expect(pairs.get('PERSON\tLOCATION')).toBe(1);
    expect(pairs.get('PHONE_NUMBER\tPHONE_NUMBER')).toBe(2);
    expect(pairs.get('O\tPERSON')).toBe(1);
    expect(pairs.get('O\tO')).toBe(2);

    const scores = tokenLevelScores(pairs, ['PERSON', 'PHONE_NUMBER', 'LOCATION'], 2);
    expect(scores.perType.get('PERSON')).toEqual({
      goldTokens: 2,
      predictedTokens: 2,
      precision: 0.5,
      recall: 0.5,
    });
    expect(scores.perType.get('PHONE_NUMBER')).toEqual({
      goldTokens: 2,
      predictedTokens: 2,
      precision: 1,
      recall: 1,
    });
    expect(scores.perType.get('LOCATION')?.precision).toBe(0);
    expect(Number.isNaN(scores.perType.get('LOCATION')?.recall ?? 0)).toBe(true);
    // 4 gold tokens all tagged as something; 5 predicted tokens of which 4 are gold PII.
    expect(scores.pii.recall).toBe(1);
    expect(scores.pii.precision).toBeCloseTo(0.8);
    expect(scores.pii.fBeta).toBeCloseTo(fBeta(0.8, 1, 2));
  });
});
