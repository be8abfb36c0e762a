import type { EntitySpan } from './example.js';

/** `exact`: same type and same offsets. `overlap`: same type and at least one shared character. */
export type MatchMode = 'exact' | 'overlap';

/**
 * Counts behind precision and recall for one entity type. Recall and precision have separate
 * numerators because in overlap mode one prediction may cover two gold spans (or the reverse).
 */
export interface MatchCounts {
  gold: number;
  predicted: number;
  /** Gold spans that were found: the recall numerator. */
  goldMatched: number;
  /** Predictions that hit a gold span: the precision numerator. */
  predictedMatched: number;
}

/** NaN where the value is undefined (no gold spans, or no predictions). */
export interface PrecisionRecall {
  precision: number;
  recall: number;
  f1: number;
}

export function emptyCounts(): MatchCounts {
  return { gold: 0, predicted: 0, goldMatched: 0, predictedMatched: 0 };
}

export function spansOverlap(a: EntitySpan, b: EntitySpan): boolean {
  return a.start < b.end && b.start < a.end;
}

function countsFor(byType: Map<string, MatchCounts>, type: string): MatchCounts {
  let counts = byType.get(type);
  if (!counts) {
    counts = emptyCounts();
    byType.set(type, counts);
  }
  return counts;
}

/** Per-type match counts for one text. Exact matching is one-to-one, so a duplicated prediction is a false positive. */
export function countMatches(
  gold: readonly EntitySpan[],
  predicted: readonly EntitySpan[],
  mode: MatchMode,
): Map<string, MatchCounts> {
  const byType = new Map<string, MatchCounts>();
  for (const g of gold) countsFor(byType, g.type).gold += 1;
  for (const p of predicted) countsFor(byType, p.type).predicted += 1;

  if (mode === 'exact') {
    const claimed = new Set<EntitySpan>();
    for (const p of predicted) {
      const hit = gold.find(
        (g) => !claimed.has(g) && g.type === p.type && g.start === p.start && g.end === p.end,
      );
      if (!hit) continue;
      claimed.add(hit);
      const counts = countsFor(byType, p.type);
      counts.goldMatched += 1;
      counts.predictedMatched += 1;
    }
    return byType;
  }

  for (const g of gold) {
    if (predicted.some((p) => p.type === g.type && spansOverlap(g, p)))
      countsFor(byType, g.type).goldMatched += 1;
  }
  for (const p of predicted) {
    if (gold.some((g) => g.type === p.type && spansOverlap(g, p)))
      countsFor(byType, p.type).predictedMatched += 1;
  }
  return byType;
}

/** Adds every type's counts from `source` into `target`. */
export function addCounts(target: Map<string, MatchCounts>, source: ReadonlyMap<string, MatchCounts>): void {
  for (const [type, counts] of source) {
    const into = countsFor(target, type);
    into.gold += counts.gold;
    into.predicted += counts.predicted;
    into.goldMatched += counts.goldMatched;
    into.predictedMatched += counts.predictedMatched;
  }
}

/** Micro total over the given types (all types when omitted). */
export function microTotal(byType: ReadonlyMap<string, MatchCounts>, types?: readonly string[]): MatchCounts {
  const total = emptyCounts();
  for (const [type, counts] of byType) {
    if (types && !types.includes(type)) continue;
    total.gold += counts.gold;
    total.predicted += counts.predicted;
    total.goldMatched += counts.goldMatched;
    total.predictedMatched += counts.predictedMatched;
  }
  return total;
}

export function fBeta(precision: number, recall: number, beta: number): number {
  if (Number.isNaN(precision) || Number.isNaN(recall)) return Number.NaN;
  const b2 = beta * beta;
  const denominator = b2 * precision + recall;
  return denominator === 0 ? 0 : ((1 + b2) * precision * recall) / denominator;
}

export function precisionRecall(counts: MatchCounts): PrecisionRecall {
  const precision = counts.predicted === 0 ? Number.NaN : counts.predictedMatched / counts.predicted;
  const recall = counts.gold === 0 ? Number.NaN : counts.goldMatched / counts.gold;
  return { precision, recall, f1: fBeta(precision, recall, 1) };
}

export function keepTypes(spans: readonly EntitySpan[], types: ReadonlySet<string>): EntitySpan[] {
  return spans.filter((span) => types.has(span.type));
}

/**
 * False positives (predictions overlapping no gold span of their type) that fall on a gold span
 * the set does not score, counted per unscored label. They stay false positives in the scores;
 * this tells how many come from labels such as WNUT "group" or Presidio "TITLE".
 */
export function falsePositivesOnIgnored(
  gold: readonly EntitySpan[],
  ignored: readonly EntitySpan[],
  predicted: readonly EntitySpan[],
): Map<string, number> {
  const byLabel = new Map<string, number>();
  for (const p of predicted) {
    if (gold.some((g) => g.type === p.type && spansOverlap(g, p))) continue;
    const hit = ignored.find((i) => spansOverlap(i, p));
    if (hit) byLabel.set(hit.type, (byLabel.get(hit.type) ?? 0) + 1);
  }
  return byLabel;
}

/** What the engine found in texts that contain no personal data. */
export interface CleanTextSummary {
  texts: number;
  entities: number;
  textsWithEntities: number;
  byType: Map<string, number>;
}

export function summarizeCleanPredictions(predictions: readonly (readonly EntitySpan[])[]): CleanTextSummary {
  const byType = new Map<string, number>();
  let entities = 0;
  let textsWithEntities = 0;
  for (const spans of predictions) {
    entities += spans.length;
    if (spans.length > 0) textsWithEntities += 1;
    for (const span of spans) byType.set(span.type, (byType.get(span.type) ?? 0) + 1);
  }
  return { texts: predictions.length, entities, textsWithEntities, byType };
}

/** False-positive entities per clean text. */
export function falsePositiveRate(summary: CleanTextSummary): number {
  return summary.texts === 0 ? Number.NaN : summary.entities / summary.texts;
}

/** Word runs and single punctuation marks, roughly what spaCy's tokenizer yields on these texts. */
export function tokenize(text: string): EntitySpan[] {
  const tokens: EntitySpan[] = [];
  for (const match of text.matchAll(/[\p{L}\p{M}\p{N}]+|[^\s\p{L}\p{M}\p{N}]/gu)) {
    tokens.push({ type: 'TOKEN', start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

const OUTSIDE = 'O';

function tagOf(token: EntitySpan, spans: readonly EntitySpan[]): string {
  return spans.find((span) => spansOverlap(span, token))?.type ?? OUTSIDE;
}

/** Counts of (gold tag, predicted tag) per token; the key is `gold + '\t' + predicted`. */
export type TokenTagPairs = Map<string, number>;

/** Adds one text's token tag pairs to `into`, the IO tagging presidio-research compares. */
export function addTokenTagPairs(
  into: TokenTagPairs,
  text: string,
  gold: readonly EntitySpan[],
  predicted: readonly EntitySpan[],
): void {
  for (const token of tokenize(text)) {
    const key = `${tagOf(token, gold)}\t${tagOf(token, predicted)}`;
    into.set(key, (into.get(key) ?? 0) + 1);
  }
}

export interface TokenTypeScore {
  goldTokens: number;
  predictedTokens: number;
  precision: number;
  recall: number;
}

export interface TokenLevelScores {
  perType: Map<string, TokenTypeScore>;
  /** Any-PII scores: a token counts as found when gold and prediction both tag it, whatever the types. */
  pii: { precision: number; recall: number; fBeta: number };
}

/**
 * Token-level scores computed the way presidio-research's `Evaluator.calculate_score` does,
 * which is how the published Presidio figures on synth_dataset_v2.json were obtained.
 */
export function tokenLevelScores(
  pairs: TokenTagPairs,
  types: readonly string[],
  beta: number,
): TokenLevelScores {
  const entries = [...pairs].map(([key, count]) => {
    const [gold = OUTSIDE, predicted = OUTSIDE] = key.split('\t');
    return { gold, predicted, count };
  });
  const sum = (keep: (gold: string, predicted: string) => boolean): number =>
    entries.reduce((total, e) => (keep(e.gold, e.predicted) ? total + e.count : total), 0);

  const perType = new Map<string, TokenTypeScore>();
  for (const type of types) {
    const goldTokens = sum((g) => g === type);
    const predictedTokens = sum((_g, p) => p === type);
    const both = sum((g, p) => g === type && p === type);
    perType.set(type, {
      goldTokens,
      predictedTokens,
      precision: predictedTokens === 0 ? Number.NaN : both / predictedTokens,
      recall: goldTokens === 0 ? Number.NaN : both / goldTokens,
    });
  }

  const goldPii = sum((g) => g !== OUTSIDE);
  const predictedPii = sum((_g, p) => p !== OUTSIDE);
  const bothPii = sum((g, p) => g !== OUTSIDE && p !== OUTSIDE);
  const precision = predictedPii === 0 ? Number.NaN : bothPii / predictedPii;
  const recall = goldPii === 0 ? Number.NaN : bothPii / goldPii;
  return { perType, pii: { precision, recall, fBeta: fBeta(precision, recall, beta) } };
}
