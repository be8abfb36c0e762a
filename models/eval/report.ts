import type { MatchTables, SetScores } from './evaluate.js';
import {
  fBeta,
  falsePositiveRate,
  microTotal,
  precisionRecall,
  tokenLevelScores,
  type MatchCounts,
} from './score.js';
import type { EvalSet } from './sets.js';
import { checkTargets } from './targets.js';

export interface SetRun {
  set: EvalSet;
  scores: SetScores;
  /** Wall time spent in engine.detect for this set (labelled and clean texts). */
  detectSeconds: number;
  /** Characters sent to the engine. */
  characters: number;
}

export function formatScore(value: number): string {
  return Number.isNaN(value) ? '–' : value.toFixed(3);
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const align = header.map((_, i) => (i === 0 ? '---' : '--:'));
  return [header, align, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

function countsList(counts: ReadonlyMap<string, number>): string {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([label, n]) => `${label} ${n}`)
    .join(', ');
}

function matchRow(name: string, exact: MatchCounts, overlap: MatchCounts): string[] {
  const e = precisionRecall(exact);
  const o = precisionRecall(overlap);
  return [
    name,
    String(exact.gold),
    String(exact.predicted),
    formatScore(e.precision),
    formatScore(e.recall),
    formatScore(e.f1),
    formatScore(o.precision),
    formatScore(o.recall),
    formatScore(o.f1),
  ];
}

/** Per-type precision/recall/F1, exact and overlap, with the micro total last. */
export function renderMatchTable(tables: MatchTables, types: readonly string[]): string {
  const rows: string[][] = [];
  for (const type of types) {
    const exact = tables.exact.get(type);
    const overlap = tables.overlap.get(type);
    if (!exact || !overlap || (exact.gold === 0 && exact.predicted === 0)) continue;
    rows.push(matchRow(type, exact, overlap));
  }
  rows.push(matchRow('**micro**', microTotal(tables.exact, types), microTotal(tables.overlap, types)));
  return table(
    ['type', 'gold', 'predicted', 'P exact', 'R exact', 'F1 exact', 'P overlap', 'R overlap', 'F1 overlap'],
    rows,
  );
}

function renderTokenLevel(run: SetRun, beta: number): string {
  const token = tokenLevelScores(run.scores.tokenPairs, run.scores.scoredTypes, beta);
  const f = `F${beta}`;
  const summary = table(
    ['scorer', 'precision', 'recall', f],
    [
      [
        'this engine',
        formatScore(token.pii.precision),
        formatScore(token.pii.recall),
        formatScore(token.pii.fBeta),
      ],
      ...(run.set.references ?? []).map((ref) => [
        ref.name,
        formatScore(ref.precision),
        formatScore(ref.recall),
        formatScore(ref.fBeta),
      ]),
    ],
  );
  const perType = table(
    ['type', 'gold tokens', 'predicted tokens', 'token P', 'token R', `token ${f}`],
    [...token.perType]
      .filter(([, s]) => s.goldTokens > 0 || s.predictedTokens > 0)
      .map(([type, s]) => [
        type,
        String(s.goldTokens),
        String(s.predictedTokens),
        formatScore(s.precision),
        formatScore(s.recall),
        formatScore(fBeta(s.precision, s.recall, beta)),
      ]),
  );
  return [
    `Token level, presidio-research method (IO tags per token; "PII" counts a token found whatever its type):`,
    '',
    summary,
    '',
    perType,
  ].join('\n');
}

function renderLanguages(scores: SetScores): string {
  const rows = [...scores.byLanguage].map(([lang, tables]) => {
    const personExact = tables.exact.get('PERSON');
    const personOverlap = tables.overlap.get('PERSON');
    const micro = precisionRecall(microTotal(tables.exact, scores.scoredTypes));
    return [
      lang,
      String(tables.texts),
      String(personExact?.gold ?? 0),
      formatScore(personExact ? precisionRecall(personExact).recall : Number.NaN),
      formatScore(personOverlap ? precisionRecall(personOverlap).recall : Number.NaN),
      formatScore(micro.precision),
      formatScore(micro.recall),
      formatScore(micro.f1),
    ];
  });
  return table(
    [
      'lang',
      'texts',
      'PERSON gold',
      'PERSON R exact',
      'PERSON R overlap',
      'micro P exact',
      'micro R exact',
      'micro F1 exact',
    ],
    rows,
  );
}

function renderClean(scores: SetScores): string {
  const clean = scores.clean;
  if (!clean) return '';
  const byType = clean.byType.size > 0 ? `; by type: ${countsList(clean.byType)}` : '';
  return (
    `Clean texts: ${clean.texts}, entities found ${clean.entities} ` +
    `(${formatScore(falsePositiveRate(clean))} per text), texts with any entity ${clean.textsWithEntities}${byType}.`
  );
}

function renderTargets(scores: SetScores): string {
  const rows = checkTargets(scores).map((check) => [
    check.name,
    formatScore(check.value),
    check.target,
    check.passed ? 'pass' : '**FAIL**',
  ]);
  return `Targets (exact match):\n\n${table(['target', 'value', 'required', 'result'], rows)}`;
}

/** The markdown section printed for one data set. */
export function renderSetReport(run: SetRun): string {
  const { set, scores } = run;
  const cleanCount = scores.clean?.texts ?? 0;
  const texts = scores.texts + cleanCount;
  const speed =
    run.detectSeconds > 0
      ? `, detect ${run.detectSeconds.toFixed(1)} s (${(texts / run.detectSeconds).toFixed(1)} texts/s, ` +
        `${Math.round(run.characters / run.detectSeconds)} chars/s)`
      : '';
  const parts = [
    `## ${set.name}`,
    '',
    `${set.description}. ${scores.texts} labelled texts${cleanCount ? `, ${cleanCount} clean texts` : ''}${speed}.`,
    `Scored types: ${scores.scoredTypes.join(', ')}. Unscored labels: ${set.ignoredLabels}.`,
    '',
    'Entity level (exact: same type and offsets; overlap: same type, any shared character):',
    '',
    renderMatchTable(scores, scores.scoredTypes),
  ];
  if (scores.ignoredGold.size > 0) {
    parts.push('', `Unscored gold spans: ${countsList(scores.ignoredGold)}.`);
  }
  if (scores.falsePositivesOnIgnored.size > 0) {
    parts.push(
      `False positives lying on unscored gold spans (counted as false positives above): ${countsList(scores.falsePositivesOnIgnored)}.`,
    );
  }
  if (set.tokenLevelBeta !== undefined) parts.push('', renderTokenLevel(run, set.tokenLevelBeta));
  if (scores.byLanguage.size > 0) parts.push('', 'Per language:', '', renderLanguages(scores));
  if (scores.clean) parts.push('', renderClean(scores));
  if (set.checkTargets) parts.push('', renderTargets(scores));
  return parts.join('\n');
}
