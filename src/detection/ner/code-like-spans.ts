import type { Span } from '../types.js';

/**
 * Tagged spans that are code or product codes, not names: a function call or its argument
 * ("len(lista)", "Decimal("0.01")"), a member access ("p.menge"), an identifier with digits or underscores
 * ("E_LOCK", "A4"), a piece of a product code ("TAZA-BLANCO-350"). People, places and companies are
 * never written glued to a bracket, and people never with digits or underscores, except as user
 * handles ("@Luke5SOS"), which are kept.
 */

const CALL_FOLLOWS = /^\(/;
const CALL_ARGUMENT = /[\p{L}\p{N}_]\($/u;
const HANDLE_BEFORE = /@\s?$/;
const DIGIT_OR_UNDERSCORE = /[\p{N}_]/u;
const CODE_CONTINUES = /^(?:[-_]?\p{N}|_)/u;
const MEMBER_OF = /\p{Ll}\.$/u;
const STARTS_LOWER = /^\p{Ll}/u;

export function isCodeLike(text: string, span: Span): boolean {
  if (HANDLE_BEFORE.test(text.slice(Math.max(0, span.start - 2), span.start))) return false;
  const after = text.slice(span.end, span.end + 2);
  if (CALL_FOLLOWS.test(after) || CALL_ARGUMENT.test(text.slice(Math.max(0, span.start - 2), span.start)))
    return true;
  // Companies and places carry digits ("F45 Training", "Zürich (Kreis 7)"); people do not.
  if (span.entity_type !== 'PERSON') return false;
  const value = text.slice(span.start, span.end);
  if (DIGIT_OR_UNDERSCORE.test(value) || CODE_CONTINUES.test(after)) return true;
  return STARTS_LOWER.test(value) && MEMBER_OF.test(text.slice(Math.max(0, span.start - 2), span.start));
}

export function withoutCodeLike(text: string, spans: readonly Span[]): Span[] {
  return spans.filter((span) => !isCodeLike(text, span));
}
