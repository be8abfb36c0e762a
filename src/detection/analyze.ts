import { findTokenTexts } from '../tokens/token-text.js';
import { compileDenyPattern } from './deny-pattern-check.js';
import { partitionPoint } from './partition-point.js';
import { findPatternSpans } from './recognizers/index.js';
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

const SOURCE_PRIORITY: Record<Span['source'], number> = { known: 0, deny: 0, pattern: 1, ner: 2 };

/** Who wins an overlap: higher score, then longer span, then a tenant's deny pattern over a recognizer over NER, then earlier. */
/**
 * Validated detections (a tenant's deny patterns, checksummed or context-checked patterns) come
 * before the model's guesses whatever their scores: an e-mail address is an e-mail address even
 * when the model is sure it is a place. Then score, length and source decide.
 */
const isModelGuess = (s: Span) => (s.source === 'ner' ? 1 : 0);

function priority(a: Span, b: Span): number {
  return (
    isModelGuess(a) - isModelGuess(b) ||
    b.score - a.score ||
    b.end - b.start - (a.end - a.start) ||
    SOURCE_PRIORITY[a.source] - SOURCE_PRIORITY[b.source] ||
    a.start - b.start
  );
}

/** Index of the first accepted span (sorted by start) whose start is >= `position`. */
function firstStartingAtOrAfter(accepted: Span[], position: number): number {
  return partitionPoint(accepted, (s) => s.start < position);
}

/**
 * Resolves overlaps; the result is sorted by start and non-overlapping. Greedy by priority, with two
 * rules so that no detected character is left in clear text:
 * - a span that wholly contains every accepted span it overlaps replaces them (an address containing
 *   a city keeps the address), unless it is a model guess containing a validated span;
 * - a dropped span that still reaches past what was accepted widens the winner it overlaps to cover
 *   it (the winner's type and score are kept), except that a model guess never widens a validated
 *   pattern span (whose extent the pattern knows exactly).
 */
export function mergeSpans(spans: Span[]): Span[] {
  const accepted: Span[] = [];
  const dropped: Span[] = [];
  for (const span of [...spans].sort(priority)) {
    if (span.end <= span.start) continue;
    const [first, last] = overlapRange(accepted, span);
    const overlapped = accepted.slice(first, last);
    if (overlapped.length === 0) {
      accepted.splice(first, 0, span);
    } else if (
      !overrulesValidated(span, overlapped) &&
      overlapped.every((a) => span.start <= a.start && a.end <= span.end && spanLength(a) < spanLength(span))
    ) {
      accepted.splice(first, overlapped.length, span);
    } else {
      dropped.push(span);
    }
  }
  for (const span of dropped) {
    const [first, last] = overlapRange(accepted, span);
    const overlapped = accepted.slice(first, last);
    if (covered(span, overlapped)) continue;
    if (overrulesValidated(span, overlapped)) continue;
    const winner = [...overlapped].sort(priority)[0]!;
    const widened = {
      ...winner,
      start: Math.min(span.start, overlapped[0]!.start),
      end: Math.max(span.end, overlapped[overlapped.length - 1]!.end),
    };
    accepted.splice(first, overlapped.length, widened);
  }
  return accepted;
}

/** A validated span knows its own extent: a model guess may neither swallow nor widen it. */
const overrulesValidated = (span: Span, overlapped: Span[]) =>
  isModelGuess(span) === 1 && overlapped.some((a) => !isModelGuess(a));

/** Indices [first, last) of the accepted spans (sorted, non-overlapping) that overlap `span`. */
function overlapRange(accepted: Span[], span: Span): [number, number] {
  let first = firstStartingAtOrAfter(accepted, span.start);
  if (first > 0 && accepted[first - 1]!.end > span.start) first--;
  let last = first;
  while (last < accepted.length && accepted[last]!.start < span.end) last++;
  return [first, last];
}

/** Whether sorted, non-overlapping `spans` cover every character of `span`. */
function covered(span: Span, spans: Span[]): boolean {
  let position = span.start;
  for (const s of spans) {
    if (s.start > position) return false;
    position = Math.max(position, s.end);
  }
  return position >= span.end;
}

const spanLength = (s: Span) => s.end - s.start;

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
  options: { phoneRegions?: string[] } = {},
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
