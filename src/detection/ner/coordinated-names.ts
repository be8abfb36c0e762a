import type { Span } from '../types.js';
import { apartNames, ruleName, withAddedNames } from './added-names.js';

/**
 * A known first name joined by "and" to a person is a person too: "Frau Berger, Mia und Leon werden
 * …" (the model found Leon, doubted Mia at 0.33), "Grant and Will are coming". The name is one
 * capitalised word right before or after "and", "und", "et", "e", "y" or "&" with a person span on
 * the other side, not followed by another capitalised word (a name the model may have split) and not
 * a month or weekday ("Anna and May"). So is one before "and I" ("Sam and I will cover for her").
 */

const AND = String.raw`[ \t]+(?:and|und|et|e|y|&)[ \t]+`;
const WORD = String.raw`[\p{Lu}\p{Lt}][\p{Ll}\p{M}'’-]+`;
/** "Sam and I will cover", "Will and I are thinking of you": a first name before "and I". */
const AND_I = new RegExp(
  String.raw`(?<![\p{L}\p{M}\p{N}])(${WORD})(?=[ \t]+(?:and I|& I|und ich|e io|et moi|y yo)(?![\p{L}\p{M}]))`,
  'gu',
);
const WORD_BEFORE_AND = new RegExp(String.raw`(?<![\p{L}\p{M}\p{N}])(${WORD})${AND}$`, 'u');
const AND_WORD_AFTER = new RegExp(
  String.raw`^${AND}(${WORD})(?![\p{L}\p{M}\p{N}'’-]|[ \t]+[\p{Lu}\p{Lt}])`,
  'u',
);
const COORDINATED_NAME_SCORE = 0.75;

/** `spans`: sorted by start, not overlapping, before the score threshold. */
export function addCoordinatedNames(
  text: string,
  spans: readonly Span[],
  isFirstName: (word: string) => boolean,
  isCalendarWord: (word: string) => boolean,
): Span[] {
  const accepts = (word: string) => isFirstName(word) && !isCalendarWord(word);
  const names: Span[] = [];
  spans.forEach((span, i) => {
    if (span.entity_type !== 'PERSON') return;
    const previousEnd = spans[i - 1]?.end ?? 0;
    const before = WORD_BEFORE_AND.exec(text.slice(Math.max(previousEnd, span.start - 40), span.start));
    if (before && accepts(before[1]!)) {
      const start = span.start - before[0].length;
      names.push(ruleName(start, start + before[1]!.length, COORDINATED_NAME_SCORE));
    }
    const after = AND_WORD_AFTER.exec(
      text.slice(span.end, Math.min(span.end + 40, spans[i + 1]?.start ?? text.length)),
    );
    if (after && accepts(after[1]!)) {
      const end = span.end + after[0].length;
      names.push(ruleName(end - after[1]!.length, end, COORDINATED_NAME_SCORE));
    }
  });
  for (const match of text.matchAll(AND_I))
    if (accepts(match[1]!))
      names.push(ruleName(match.index, match.index + match[1]!.length, COORDINATED_NAME_SCORE));
  return withAddedNames(spans, apartNames(names));
}
