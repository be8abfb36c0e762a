/**
 * The NER tokenizer. The training-data builder and the runtime both use it, so the model always sees
 * the same tokens, and every token carries exact JavaScript string offsets into the input.
 *
 * Words are split at apostrophes, hyphens and dots ("O'Brien" -> O ' Brien, "l'Italie" -> l ' Italie,
 * "S.p.A." -> S . p . A .) so that an entity never has to start or end inside a token; the model
 * joins the pieces back with B/I labels. E-mail addresses and URLs stay whole, so they are never
 * mistaken for names.
 */
import { allMatches } from '../all-matches.js';

export interface Token {
  text: string;
  start: number;
  /** Exclusive. */
  end: number;
}

const URL = String.raw`(?:https?:\/\/|www\.)[^\s<>"'()\[\]{}]+[^\s<>"'()\[\]{}.,;:!?]`;
const EMAIL = String.raw`[\p{L}\p{N}._%+\-]+@[\p{L}\p{N}\-]+(?:\.[\p{L}\p{N}\-]+)*\.\p{L}{2,}`;
// A word: letters with their combining marks, digits and underscores (snake_case keys stay whole).
const WORD = String.raw`[\p{L}\p{N}][\p{L}\p{M}\p{N}_]*`;
// Anything else that is not whitespace is one token per code point (so emoji keep their surrogate pairs),
// with trailing combining marks and variation selectors attached.
const OTHER = String.raw`[^\s](?:\p{M}|\u200d|\ufe0f)*`;

const TOKEN_PATTERN = new RegExp(`${URL}|${EMAIL}|${WORD}|${OTHER}`, 'gu');

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of allMatches(TOKEN_PATTERN, text)) {
    const start = match.index;
    tokens.push({ text: match[0], start, end: start + match[0].length });
  }
  return tokens;
}

export function isUrlOrEmail(tokenText: string): boolean {
  return /^(?:https?:\/\/|www\.)/i.test(tokenText) || (tokenText.includes('@') && !tokenText.startsWith('@'));
}
