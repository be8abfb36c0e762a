import type { Span } from '../types.js';

/**
 * A person's name does not run on to the next line, past a spaced dash or past the end of a sentence:
 * "…Grüße aus Graz\nTheresa Pichler-Strobl", "Steve - the PUC pushed the hearing", "yourself, John.
 * Even Patterson says" tagged as one name are two pieces. A PERSON span across such a break becomes
 * one span per piece, each keeping the score; nothing the model tagged is left out, so a wrong split
 * still tokenizes every piece. A spaced dash breaks a name only before something that does not start
 * with a capital: text joined from tokens writes "Jean-Luc" as "Jean - Luc". A sentence ends at ".",
 * "!" or "?" after a word of three letters or more that is not an abbreviation written before names
 * ("Mrs.", "Prof."), then white space and a capital: "Carol St. Clair" and "J. R. Hartley" stay whole.
 */

const BREAK = /\s*[\r\n]\s*| +(?:--?|–|—)(?: +(?=\P{Lu})|$)|(?<=(\p{L}{3,}))[.!?]\s+(?=\p{Lu})/gu;
const ABBREVIATIONS: ReadonlySet<string> = new Set([
  ...['mrs', 'rev', 'gen', 'col', 'sgt', 'hon', 'mme', 'mlle', 'sra', 'srta', 'dra', 'avv', 'ing'],
  ...['lic', 'arch', 'prof', 'capt', 'dott', 'dipl', 'geom', 'herrn'],
]);

export function splitAtBreaks(text: string, spans: readonly Span[]): Span[] {
  return spans.flatMap((span) => {
    if (span.entity_type !== 'PERSON') return [span];
    const value = text.slice(span.start, span.end);
    const pieces: Span[] = [];
    let from = 0;
    for (const cut of value.matchAll(BREAK)) {
      if (cut[1] !== undefined && ABBREVIATIONS.has(cut[1].toLowerCase())) continue;
      if (cut.index > from) pieces.push({ ...span, start: span.start + from, end: span.start + cut.index });
      from = cut.index + cut[0].length;
    }
    if (from === 0) return [span];
    if (from < value.length) pieces.push({ ...span, start: span.start + from, end: span.end });
    return pieces;
  });
}
