import type { EntitySpan, EvalExample } from './example.js';
import {
  addCounts,
  addTokenTagPairs,
  countMatches,
  falsePositivesOnIgnored,
  keepTypes,
  summarizeCleanPredictions,
  type CleanTextSummary,
  type MatchCounts,
  type TokenTagPairs,
} from './score.js';

export interface MatchTables {
  exact: Map<string, MatchCounts>;
  overlap: Map<string, MatchCounts>;
}

export interface SetScores extends MatchTables {
  scoredTypes: readonly string[];
  texts: number;
  /** Gold spans of unscored labels, per label. */
  ignoredGold: Map<string, number>;
  /** False positives that fall on gold spans of unscored labels, per label. */
  falsePositivesOnIgnored: Map<string, number>;
  byLanguage: Map<string, MatchTables & { texts: number }>;
  tokenPairs: TokenTagPairs;
  /** Undefined when the set has no clean texts. */
  clean: CleanTextSummary | undefined;
}

function emptyTables(): MatchTables {
  return { exact: new Map(), overlap: new Map() };
}

/**
 * Scores predictions against one set. `predictions[i]` belongs to `examples[i]`, `cleanPredictions[i]`
 * to `clean[i]`. Labelled texts are scored on `scoredTypes` only; in clean texts every entity counts.
 */
export function scoreSet(
  examples: readonly EvalExample[],
  predictions: readonly (readonly EntitySpan[])[],
  scoredTypes: readonly string[],
  clean: readonly EvalExample[] = [],
  cleanPredictions: readonly (readonly EntitySpan[])[] = [],
): SetScores {
  if (predictions.length !== examples.length || cleanPredictions.length !== clean.length) {
    throw new Error('one prediction list per text is required');
  }
  const types = new Set(scoredTypes);
  const scores: SetScores = {
    ...emptyTables(),
    scoredTypes,
    texts: examples.length,
    ignoredGold: new Map(),
    falsePositivesOnIgnored: new Map(),
    byLanguage: new Map(),
    tokenPairs: new Map(),
    clean: clean.length > 0 ? summarizeCleanPredictions(cleanPredictions) : undefined,
  };

  examples.forEach((example, i) => {
    const predicted = keepTypes(predictions[i] ?? [], types);
    const gold = keepTypes(example.gold, types);
    const exact = countMatches(gold, predicted, 'exact');
    const overlap = countMatches(gold, predicted, 'overlap');
    addCounts(scores.exact, exact);
    addCounts(scores.overlap, overlap);
    if (example.lang) {
      let language = scores.byLanguage.get(example.lang);
      if (!language) {
        language = { ...emptyTables(), texts: 0 };
        scores.byLanguage.set(example.lang, language);
      }
      language.texts += 1;
      addCounts(language.exact, exact);
      addCounts(language.overlap, overlap);
    }
    for (const [label, count] of falsePositivesOnIgnored(gold, example.ignored, predicted)) {
      scores.falsePositivesOnIgnored.set(label, (scores.falsePositivesOnIgnored.get(label) ?? 0) + count);
    }
    for (const span of example.ignored) {
      scores.ignoredGold.set(span.type, (scores.ignoredGold.get(span.type) ?? 0) + 1);
    }
    addTokenTagPairs(scores.tokenPairs, example.text, gold, predicted);
  });
  return scores;
}
