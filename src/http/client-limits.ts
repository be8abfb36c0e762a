import { ServiceError } from '../errors.js';
import { findTokenTexts } from '../tokens/token-text.js';

/** SPEC 8. Characters are JavaScript string indices (UTF-16 code units), as offsets are. */
export const MAX_TEXTS = 100;
export const MAX_CHARACTERS = 200_000;
export const MAX_REVEAL_TOKENS = 500;

const tooLarge = (message: string) => new ServiceError('payload_too_large', message);

/** 413 checks run before schema validation (DESIGN 5), on whatever shape the body has. */
export function checkTextLimits(body: unknown): void {
  const texts = (body as { texts?: unknown } | null)?.texts;
  if (!Array.isArray(texts)) return;
  if (texts.length > MAX_TEXTS) throw tooLarge(`texts: at most ${MAX_TEXTS} items`);
  let characters = 0;
  for (const t of texts) if (typeof t === 'string') characters += t.length;
  if (characters > MAX_CHARACTERS) throw tooLarge(`texts: at most ${MAX_CHARACTERS} characters in total`);
}

/** Distinct token ids a detokenize body asks for: ids (or token text) in `tokens`, plus token text in `text`. */
export function requestedTokenIds(body: unknown): { ids: string[]; malformed: string[] } {
  const b = (body ?? {}) as { tokens?: unknown; text?: unknown };
  const ids = new Set<string>();
  const malformed = new Set<string>();
  if (Array.isArray(b.tokens)) {
    for (const t of b.tokens) {
      if (typeof t !== 'string') continue;
      const id = parseTokenId(t);
      if (id) ids.add(id);
      else malformed.add(t);
    }
  }
  if (typeof b.text === 'string') for (const found of findTokenTexts(b.text)) ids.add(found.id);
  return { ids: [...ids], malformed: [...malformed] };
}

/** 413 past the token limit; otherwise the requested ids, so the body is scanned once. */
export function checkRevealLimits(body: unknown): { ids: string[]; malformed: string[] } {
  const requested = requestedTokenIds(body);
  if (requested.ids.length + requested.malformed.length > MAX_REVEAL_TOKENS)
    throw tooLarge(`tokens: at most ${MAX_REVEAL_TOKENS} per call`);
  return requested;
}

const TOKEN_ID = /^[A-Za-z0-9]{8}$/;

/** A token id from `k3j9x2m4` or `[NAME: k3j9x2m4]`, lower-cased; null when it is neither. */
export function parseTokenId(input: string): string | null {
  const trimmed = input.trim();
  if (TOKEN_ID.test(trimmed)) return trimmed.toLowerCase();
  const found = findTokenTexts(trimmed);
  return found.length === 1 && found[0]!.start === 0 && found[0]!.end === trimmed.length
    ? found[0]!.id
    : null;
}
