import type { Span } from '../types.js';

/**
 * Our tokenizer splits at apostrophes, and the model sometimes runs a name or place on into the
 * Italian or French article elided before the next word: "le chiavi di Teo nell'ascensore" tagged
 * "Teo nell", "chez Marc l'après-midi" tagged "Marc l". A lower-case elided article or preposition
 * at the end of a person or place span, right before the apostrophe, is cut off. A capitalised one
 * begins a surname and stays ("Giulia Dell'Acqua").
 */
const ELIDED_TAIL = /[ \t]+(?:nell|dell|all|sull|dall|coll|l|d|un|quest|quell|qu|j|m|t|s|n|c)$/u;
const APOSTROPHE = /^['’]/u;

export function withoutElidedTails(text: string, spans: readonly Span[]): Span[] {
  return spans.map((span) => {
    if (span.entity_type !== 'PERSON' && span.entity_type !== 'LOCATION') return span;
    if (!APOSTROPHE.test(text.slice(span.end, span.end + 1))) return span;
    const tail = ELIDED_TAIL.exec(text.slice(span.start, span.end));
    return tail ? { ...span, end: span.end - tail[0].length } : span;
  });
}
