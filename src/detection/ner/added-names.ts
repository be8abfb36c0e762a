import { partitionPoint } from '../partition-point.js';
import { LABEL_OF, type Span } from '../types.js';

/**
 * Adds names a runtime rule found to the model's spans of one text. `spans`: sorted by start, not
 * overlapping, before the score threshold; `names`: not overlapping one another. A name is added
 * unless a span it overlaps has at least its score; the spans it overlaps (a doubted name, a place)
 * give way to it. Returns the spans sorted by start.
 */
export function withAddedNames(spans: readonly Span[], names: readonly Span[]): Span[] {
  const added: Span[] = [];
  const replaced = new Set<Span>();
  for (const name of names) {
    const there: Span[] = [];
    for (let i = partitionPoint(spans, (s) => s.end <= name.start); i < spans.length; i++) {
      const span = spans[i]!;
      if (span.start >= name.end) break;
      there.push(span);
    }
    if (there.some((s) => s.score >= name.score)) continue;
    for (const s of there) replaced.add(s);
    added.push(name);
  }
  if (!added.length) return [...spans];
  return [...spans.filter((s) => !replaced.has(s)), ...added].sort((a, b) => a.start - b.start);
}

/** Names sorted by start, each one that overlaps the name before it dropped: what `withAddedNames` takes. */
export function apartNames(names: readonly Span[]): Span[] {
  const sorted = [...names].sort((a, b) => a.start - b.start);
  return sorted.filter((name, i) => i === 0 || name.start >= sorted[i - 1]!.end);
}

/** A person span a runtime rule found, to hand to `withAddedNames`. */
export function ruleName(start: number, end: number, score: number): Span {
  return { entity_type: 'PERSON', label: LABEL_OF.PERSON, start, end, score, source: 'ner' };
}
