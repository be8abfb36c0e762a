import { partitionPoint } from './partition-point.js';
import type { Span } from './types.js';

// Apart from analyze.ts so that the api's main thread, which merges the pieces of long texts, does not
// load the recognizers' patterns (compiled when they load, about 30 MB and 0.2 s per thread).

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
