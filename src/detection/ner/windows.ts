import type { Token } from './tokenizer.js';

export interface TokenWindow {
  /** Index of the first token of the window in the text's token list. */
  readonly first: number;
  /** Exclusive. */
  readonly end: number;
}

const SENTENCE_FINAL = new Set(['.', '!', '?', '…', '。', '！', '？']);

/**
 * Splits a token list into windows of at most maxTokens, cutting after a sentence end or at a line
 * break when one lies in the second half of the window, so the tagger rarely loses context mid-sentence.
 */
export function splitWindows(text: string, tokens: readonly Token[], maxTokens: number): TokenWindow[] {
  const windows: TokenWindow[] = [];
  let first = 0;
  while (first < tokens.length) {
    let end = Math.min(first + maxTokens, tokens.length);
    if (end < tokens.length) {
      for (let cut = end; cut > first + (maxTokens >> 1); cut--) {
        const before = tokens[cut - 1]!;
        const after = tokens[cut]!;
        if (SENTENCE_FINAL.has(before.text) || text.slice(before.end, after.start).includes('\n')) {
          end = cut;
          break;
        }
      }
    }
    windows.push({ first, end });
    first = end;
  }
  return windows;
}
