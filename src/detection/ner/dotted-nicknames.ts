import type { Span } from '../types.js';
import { apartNames, ruleName, withAddedNames } from './added-names.js';
import { guessLanguage } from './text-language.js';

/**
 * English writes nicknames of two initials with dots: "J.R. was robbed", "A.J. from the forums",
 * "the salesman T.J. at this dealership". The model reads them as nothing. In English or unclear
 * text, two dotted capitals standing alone (no letter or dot before, no capitalised word after:
 * "J.R. Hartley" is the model's) and followed by a lower-case word or the end of a clause are a
 * person, unless they are one of the abbreviations written the same way: states and countries
 * ("U.S.", "D.C.", "N.Y."), times and letters ("A.M.", "P.S."), degrees and titles ("M.D.", "B.A."),
 * offices and trades ("H.R.", "Q.A.", "D.J.").
 */
const ABBREVIATIONS: ReadonlySet<string> = new Set([
  ...['US', 'UK', 'UN', 'EU', 'DC', 'LA', 'NY', 'NJ', 'NC', 'SC', 'ND', 'SD', 'NH', 'RI', 'WV', 'NM'],
  ...['AM', 'PM', 'PS', 'NB', 'IE', 'EG', 'BC', 'AD', 'CE', 'BA', 'MA', 'BS', 'MS', 'MD', 'JD', 'RN'],
  ...['DO', 'PO', 'OK', 'TV', 'LP', 'IT', 'QA', 'HR', 'VP', 'CO', 'SA', 'NV', 'DJ', 'AC', 'PC', 'ID'],
  ...['ER', 'OR', 'ET', 'PT', 'OT', 'MC', 'CC', 'AI', 'UI', 'HQ', 'IQ', 'PR', 'GM', 'CD', 'ST', 'AV'],
  ...['EV', 'RV', 'NA', 'OG', 'GP', 'OB', 'BB', 'RP', 'VC', 'XL', 'SF', 'UA', 'AA', 'PA', 'WA', 'VA'],
]);
const DOTTED = /(?<![\p{L}\p{M}\p{N}.])(\p{Lu})\.(\p{Lu})\.(?=[ \t]+\p{Ll}|[ \t]*[,;:!?)]|[ \t]*$)/gmu;
const DOTTED_NAME_SCORE = 0.8;

/** `spans`: sorted by start, not overlapping, before the score threshold. */
export function addDottedNicknames(text: string, spans: readonly Span[]): Span[] {
  if (!/\p{Lu}\.\p{Lu}\./u.test(text)) return [...spans];
  const language = guessLanguage(text);
  if (language !== undefined && language !== 'en') return [...spans];
  const names: Span[] = [];
  for (const match of text.matchAll(DOTTED)) {
    if (ABBREVIATIONS.has(match[1]! + match[2]!)) continue;
    names.push(ruleName(match.index, match.index + match[0].length, DOTTED_NAME_SCORE));
  }
  return withAddedNames(spans, apartNames(names));
}
