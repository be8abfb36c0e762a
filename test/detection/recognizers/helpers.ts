import type { Span } from '../../../src/detection/types.js';

/** The text each span covers, in order of appearance. */
export function valuesOf(text: string, spans: Span[]): string[] {
  return [...spans].sort((a, b) => a.start - b.start).map((s) => text.slice(s.start, s.end));
}

/** Spans that pass the default threshold of 0.5. */
export function reported(spans: Span[]): Span[] {
  return spans.filter((s) => s.score >= 0.5);
}

/** About `length` characters of ordinary prose with `planted` inserted at the start, middle and end. */
export function longText(planted: string, length = 200_000): string {
  const filler =
    'The quarterly review covered revenue, hiring and the roadmap for the next release of the product. ';
  const half = filler.repeat(Math.ceil(length / 2 / filler.length));
  return `${planted} ${half}${planted} ${half}${planted}`;
}
