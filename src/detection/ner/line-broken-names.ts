import type { Span } from '../types.js';

/** A line's text without its leading and trailing white space. */
const LINE_TEXT = /[^\s][^\r\n]*[^\s]|[^\s]/g;

/**
 * A person's name does not run on to the next line: "…Grüße aus Graz\nTheresa Pichler-Strobl" tagged
 * as one name is two pieces. A PERSON span across a line break becomes one span per line, each keeping
 * the score; nothing the model tagged is left out, so a wrong split still tokenizes every piece.
 */
export function splitAtLineBreaks(text: string, spans: readonly Span[]): Span[] {
  return spans.flatMap((span) => {
    const value = text.slice(span.start, span.end);
    if (span.entity_type !== 'PERSON' || !/[\r\n]/.test(value)) return [span];
    return [...value.matchAll(LINE_TEXT)].map((line) => ({
      ...span,
      start: span.start + line.index,
      end: span.start + line.index + line[0].length,
    }));
  });
}
