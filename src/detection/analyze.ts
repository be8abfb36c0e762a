import { findTokenTexts } from '../tokens/token-text.js';
import { compileDenyPattern } from './deny-pattern-check.js';
import { mergeSpans } from './merge-spans.js';
import { partitionPoint } from './partition-point.js';
import { findPatternSpans, type PatternOptions } from './recognizers/index.js';
import type { DenyPattern, DetectionSettings, Span } from './types.js';

/**
 * The pure, synchronous detection step run inside the worker thread: token text already in the
 * input is masked, pattern recognizers and the tenant's deny patterns run, NER spans are added,
 * the tenant's settings filter them and overlaps are resolved.
 */

/**
 * Token text is replaced by spaces: the NER model reads them as a word break, and no recognizer
 * lets a match run across 12 or more spaces (the shortest token text). Spans that still touch a
 * masked range are dropped by `analyzeText`.
 */
const FILLER = ' ';

// Matches kept per deny pattern per text: a real entity occurs a handful of times; this bounds
// the span list (and the work) for a pattern that happens to match everywhere.
const MAX_DENY_MATCHES_PER_PATTERN = 1000;

export function maskTokenTexts(text: string): string {
  const tokens = findTokenTexts(text);
  if (tokens.length === 0) return text;
  let out = '';
  let at = 0;
  for (const t of tokens) {
    out += text.slice(at, t.start) + FILLER.repeat(t.end - t.start);
    at = t.end;
  }
  return out + text.slice(at);
}

export function denySpans(text: string, patterns: DenyPattern[]): Span[] {
  const spans: Span[] = [];
  for (const p of patterns) {
    const regex = compileDenyPattern(p);
    if (!regex) continue;
    let found = 0;
    let m: RegExpExecArray | null;
    while (found < MAX_DENY_MATCHES_PER_PATTERN && (m = regex.exec(text)) !== null) {
      if (m[0].length === 0) {
        // The check refuses patterns that can match nothing, but lookarounds are subtle; never loop.
        regex.lastIndex++;
        continue;
      }
      spans.push({
        entity_type: p.label,
        label: p.label,
        start: m.index,
        end: m.index + m[0].length,
        score: p.score,
        source: 'deny',
      });
      found++;
    }
  }
  return spans;
}

/** How allow-list entries and values are compared: case-insensitively after trimming. */
export function allowListKey(value: string): string {
  return value.normalize('NFC').trim().toLowerCase();
}

/** Entity types that are on and the score threshold. A tenant's deny-pattern labels are always on. */
function enabledSpans(spans: Span[], settings: DetectionSettings): Span[] {
  const enabled = new Set(settings.entities);
  return spans.filter(
    (s) => (s.source === 'deny' || enabled.has(s.entity_type)) && s.score >= settings.threshold,
  );
}

/** Drops spans whose value is on the allow list (compared case-insensitively after trimming). */
function withoutAllowed(text: string, spans: Span[], allowList: string[]): Span[] {
  if (allowList.length === 0) return spans;
  const allowed = new Set(allowList.map(allowListKey));
  return spans.filter((s) => !allowed.has(allowListKey(text.slice(s.start, s.end))));
}

export function applySettings(text: string, spans: Span[], settings: DetectionSettings): Span[] {
  return withoutAllowed(text, enabledSpans(spans, settings), settings.allow_list);
}

/** Whether `span` overlaps one of `ranges` (sorted by start, non-overlapping). */
function overlapsAny(span: Span, ranges: { start: number; end: number }[]): boolean {
  // First range ending after the span starts: the only one that can overlap it first.
  const r = ranges[partitionPoint(ranges, (range) => range.end <= span.start)];
  return r !== undefined && r.start < span.end;
}

/**
 * mask token text -> pattern spans + deny spans + the given NER spans -> entity types and threshold
 * -> merge -> allow list.
 * Types and threshold are applied before merging, so a disabled or weak span never hides an
 * enabled one it overlaps; the allow list after, so an allowed value is left whole rather than
 * having a smaller entity inside it tokenized.
 */
export function analyzeText(
  text: string,
  settings: DetectionSettings,
  nerSpans: Span[],
  options: Pick<PatternOptions, 'phoneRegions' | 'isPersonName'> = {},
): Span[] {
  const tokens = findTokenTexts(text);
  const masked = maskTokenTexts(text);
  const candidates = [
    ...findPatternSpans(masked, { ...options, entities: settings.entities }),
    ...denySpans(masked, settings.deny_patterns),
    ...nerSpans.filter((s) => s.start >= 0 && s.end <= text.length && s.start < s.end),
  ].filter((s) => tokens.length === 0 || !overlapsAny(s, tokens));
  return withoutAllowed(text, mergeSpans(enabledSpans(candidates, settings)), settings.allow_list);
}
