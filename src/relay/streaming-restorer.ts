import { TOKEN_ID_LENGTH } from '../tokens/token-text.js';
import { encodeRestoredValue, type RestoreOptions, type TokenLookup } from './restore-text.js';

/**
 * What the text at a '[' is, read against the token pattern
 * `\[[A-Za-z][A-Za-z0-9_]{0,31}\s{0,2}:\s{0,2}[A-Za-z0-9]{8}\]`:
 * a whole token ending at `end`, a proper prefix of one cut off by the end of the text, or neither.
 */
export type TokenScan = { kind: 'token'; end: number } | { kind: 'prefix' } | { kind: 'none' };

const PREFIX: TokenScan = { kind: 'prefix' };
const NONE: TokenScan = { kind: 'none' };
const MAX_LABEL_TAIL = 31;
const MAX_SPACES = 2;

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isDigit = (c: number) => c >= 48 && c <= 57;
const isLabelChar = (c: number) => isLetter(c) || isDigit(c) || c === 95;
const isIdChar = (c: number) => isLetter(c) || isDigit(c);
const WHITESPACE = /\s/;
// Every character `\s` matches is a single UTF-16 code unit, so testing one unit is exact.
const isWhitespace = (c: number) =>
  c === 32 || (c >= 9 && c <= 13) || (c >= 0xa0 && WHITESPACE.test(String.fromCharCode(c)));

/** Index after at most `max` characters from `from` that satisfy `accepts`. */
function skipWhile(text: string, from: number, max: number, accepts: (c: number) => boolean): number {
  const limit = Math.min(text.length, from + max);
  let i = from;
  while (i < limit && accepts(text.charCodeAt(i))) i += 1;
  return i;
}

/**
 * Reads the token pattern at `start` (where `text[start] === '['`). The pattern is deterministic (label,
 * spaces, colon and id characters never overlap), so one left-to-right pass decides it exactly.
 */
export function scanTokenAt(text: string, start: number): TokenScan {
  const n = text.length;
  let i = start + 1;
  if (i === n) return PREFIX;
  if (!isLetter(text.charCodeAt(i))) return NONE;
  i = skipWhile(text, i + 1, MAX_LABEL_TAIL, isLabelChar);
  if (i === n) return PREFIX;
  i = skipWhile(text, i, MAX_SPACES, isWhitespace);
  if (i === n) return PREFIX;
  if (text.charCodeAt(i) !== 58 /* : */) return NONE;
  i = skipWhile(text, i + 1, MAX_SPACES, isWhitespace);
  if (i === n) return PREFIX;
  const idStart = i;
  i = skipWhile(text, i, TOKEN_ID_LENGTH, isIdChar);
  if (i === n) return PREFIX;
  if (i - idStart !== TOKEN_ID_LENGTH || text.charCodeAt(i) !== 93 /* ] */) return NONE;
  return { kind: 'token', end: i + 1 };
}

const endsWithHighSurrogate = (text: string) => {
  const c = text.charCodeAt(text.length - 1);
  return c >= 0xd800 && c <= 0xdbff;
};

/**
 * Restores token text in a stream of text deltas. It holds back only a suffix that could still become
 * token text (from an open '[', at most 46 characters) or a trailing high surrogate, and emits the rest
 * at once. Each push reads only the held suffix plus the new delta, so a stream costs O(n) overall.
 */
export class StreamingRestorer {
  readonly #lookup: TokenLookup;
  readonly #jsonEscape: boolean;
  #pending = '';
  #restored = 0;

  constructor(lookup: TokenLookup, options: RestoreOptions = {}) {
    this.#lookup = lookup;
    this.#jsonEscape = options.jsonEscape ?? false;
  }

  /** The text that can be emitted now, restored; whatever could still become a token stays held. */
  push(delta: string): string {
    return this.#drain(this.#pending + delta, false);
  }

  /** Everything held, restored where complete; call at block or choice end and at stream end. */
  flush(): string {
    return this.#drain(this.#pending, true);
  }

  /** Tokens restored so far. */
  get restored(): number {
    return this.#restored;
  }

  /** Characters (UTF-16 code units) currently held back. */
  get held(): number {
    return this.#pending.length;
  }

  #drain(text: string, final: boolean): string {
    const out: string[] = [];
    let emittedTo = 0;
    let searchFrom = 0;
    for (let open = text.indexOf('['); open !== -1; open = text.indexOf('[', searchFrom)) {
      const scan = scanTokenAt(text, open);
      if (scan.kind === 'token') {
        out.push(text.slice(emittedTo, open), this.#replacement(text.slice(open, scan.end)));
        emittedTo = searchFrom = scan.end;
      } else if (scan.kind === 'prefix' && !final) {
        out.push(text.slice(emittedTo, open));
        this.#pending = text.slice(open);
        return out.join('');
      } else {
        // The text at this '[' can no longer be a token; a later '[' may still start one.
        searchFrom = open + 1;
      }
    }
    const holdFrom = !final && endsWithHighSurrogate(text) ? text.length - 1 : text.length;
    out.push(text.slice(emittedTo, holdFrom));
    this.#pending = text.slice(holdFrom);
    return out.join('');
  }

  #replacement(tokenText: string): string {
    const id = tokenText.slice(-1 - TOKEN_ID_LENGTH, -1).toLowerCase();
    const value = this.#lookup(id);
    if (value === undefined) return tokenText;
    this.#restored += 1;
    return encodeRestoredValue(value, this.#jsonEscape);
  }
}
