import { allMatches } from '../all-matches.js';
import type { Span } from '../types.js';
import { contextWords, scoreInContext, type ContextRule } from './context.js';
import { patternSpan } from './pattern-span.js';

/**
 * US Social Security numbers. Only impossible numbers are refused (area 000, 666 or 900-999,
 * group 00, serial 0000): the SSA has issued random numbers since 2011, so nothing else
 * can be ruled out. The dashed layout is distinctive on its own; other layouts need a context word.
 */

const SCORE_DASHED = 0.7;
const SCORE_SPACED = 0.45;
const SCORE_BLOCK = 0.3;

const CANDIDATE = /(?<![\p{L}\p{N}_./-])(\d{3})([ \u00a0-]?)(\d{2})\2(\d{4})(?![\p{L}\p{N}_]|[./-]\d)/gu;

// prettier-ignore
const CONTEXT: ContextRule = {
  positive: contextWords([
    'ssn', 'ssns', 'ss', 'social security', 'social', 'security number', 'taxpayer', 'tin', 'itin',
    'sozialversicherungsnummer', 'sozialversicherung*', 'sécurité sociale', 'securite sociale',
    'seguro social', 'seguridad social', 'previdenza sociale', 'sicurezza sociale',
  ]),
  negative: contextWords(['order', 'invoice', 'tracking', 'zip', 'routing', 'isbn', 'serial', 'part', 'model', 'lot']),
  before: 6,
};

export function isPossibleSsn(area: string, group: string, serial: string): boolean {
  const a = Number(area);
  return a !== 0 && a !== 666 && a < 900 && group !== '00' && serial !== '0000';
}

export function findSsnSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of allMatches(CANDIDATE, text)) {
    const [value, area, separator, group, serial] = m as unknown as [string, string, string, string, string];
    if (!isPossibleSsn(area, group, serial)) continue;
    const base = separator === '-' ? SCORE_DASHED : separator === '' ? SCORE_BLOCK : SCORE_SPACED;
    const start = m.index;
    const end = start + value.length;
    spans.push(patternSpan('US_SSN', start, end, scoreInContext(text, start, end, base, CONTEXT)));
  }
  return spans;
}
