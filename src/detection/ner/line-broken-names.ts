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
 * A spaced dash also breaks before a field label ("Cliente: Carmen Díaz - Problema: …"), a comma
 * with no space after it breaks a CSV row ("Raquel,Serrano,Pardo"), a semicolon breaks the list of an
 * e-mail header ("To: Kean, Steven J.; Shapiro, Richard": no name holds one), and the Italian "di" before a
 * capital breaks a name from the firm or town after it ("Giacomo di Officine Meccaniche Brenta", "il
 * dott. Alberto Neri di Cagliari"; Italian names write the particle "Di" with a capital).
 */

const BREAK =
  /\s*[\r\n]\s*| +(?:--?|–|—)(?: +(?=\P{Lu})|$)|(?<label> +(?:--?|–|—) +(?=\p{Lu}[\p{L}\p{M}]*[ \t]*:))|(?<=(?<word>\p{L}{3,}))[.!?]\s+(?=\p{Lu})|,(?=\S)|[ \t]*;[ \t]*| di (?=\p{Lu})/gu;
const LABEL_COLON_AFTER = /^[ \t]*:/u;
const ABBREVIATIONS: ReadonlySet<string> = new Set([
  ...['mrs', 'rev', 'gen', 'col', 'sgt', 'hon', 'mme', 'mlle', 'sra', 'srta', 'dra', 'avv', 'ing'],
  ...['lic', 'arch', 'prof', 'capt', 'dott', 'dipl', 'geom', 'herrn'],
]);

export function splitAtBreaks(text: string, spans: readonly Span[]): Span[] {
  return spans.flatMap((span) => {
    if (span.entity_type !== 'PERSON') return [span];
    const value = text.slice(span.start, span.end);
    // The label's colon may lie just past the span ("Díaz - Problema" of "Díaz - Problema: …").
    const probe = value + (LABEL_COLON_AFTER.exec(text.slice(span.end, span.end + 8))?.[0] ?? '');
    const pieces: Span[] = [];
    let from = 0;
    let labelled = false;
    for (const cut of probe.matchAll(BREAK)) {
      if (cut.index >= value.length) break;
      const word = cut.groups?.word;
      if (word !== undefined && ABBREVIATIONS.has(word.toLowerCase())) continue;
      if (cut.index > from) pieces.push({ ...span, start: span.start + from, end: span.start + cut.index });
      from = cut.index + cut[0].length;
      // What follows a dash before a field label is the label itself: it ends the span.
      labelled = cut.groups?.label !== undefined;
      if (labelled) break;
    }
    if (from === 0) return [span];
    if (!labelled && from < value.length) pieces.push({ ...span, start: span.start + from, end: span.end });
    return pieces;
  });
}
