import { tokenTextRegex } from '../tokens/token-text.js';

/** Lower-cased token id → plaintext; undefined leaves the token text as it is. */
export type TokenLookup = (id: string) => string | undefined;

export interface RestoreOptions {
  /** The text is the inside of a JSON string literal (raw tool-call arguments): insert values JSON-escaped. */
  jsonEscape?: boolean;
}

export interface RestoredText {
  text: string;
  /** How many token texts were replaced by their value. */
  restored: number;
}

/** The text a restored value is written as: itself, or JSON-escaped inside a JSON string literal. */
export function encodeRestoredValue(value: string, jsonEscape: boolean): string {
  return jsonEscape ? JSON.stringify(value).slice(1, -1) : value;
}

/** Replaces every token text whose id the lookup knows; unknown token text stays byte-for-byte. */
export function restoreText(text: string, lookup: TokenLookup, options: RestoreOptions = {}): RestoredText {
  if (!text.includes('[')) return { text, restored: 0 };
  const jsonEscape = options.jsonEscape ?? false;
  let restored = 0;
  const restoredText = text.replace(tokenTextRegex(), (tokenText: string, _label: string, id: string) => {
    const value = lookup(id.toLowerCase());
    if (value === undefined) return tokenText;
    restored += 1;
    return encodeRestoredValue(value, jsonEscape);
  });
  return { text: restoredText, restored };
}
