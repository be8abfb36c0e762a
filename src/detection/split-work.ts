import { mergeSpans } from './merge-spans.js';
import type { Span } from './types.js';

/** A piece of one submitted text: the text it came from and where it starts in it. */
export interface Piece {
  textIndex: number;
  offset: number;
  text: string;
}

// Below this many characters a call runs as one task: the hop to a second thread costs more than it saves.
export const SPLIT_MIN_CHARS = 16_384;
// Pieces of one long text overlap by this much, more than any entity we detect is long (a PEM key
// block is the longest, ~3 KB), so every entity lies whole inside at least one piece.
export const PIECE_OVERLAP = 4_096;
// A cut looks back this far for whitespace, so it does not fall inside a word.
const CUT_SEARCH = 256;

function cutAt(text: string, target: number): number {
  for (let i = target; i > target - CUT_SEARCH && i > 0; i--) if (/\s/.test(text[i]!)) return i;
  return target;
}

/** Cuts texts longer than `maxChars` into overlapping pieces; shorter texts stay whole. */
export function piecesOf(texts: readonly string[], maxChars: number): Piece[] {
  // Pieces much longer than the overlap, so each cut moves well forward.
  const size = Math.max(maxChars, PIECE_OVERLAP * 3);
  const pieces: Piece[] = [];
  texts.forEach((text, textIndex) => {
    if (text.length <= size) {
      pieces.push({ textIndex, offset: 0, text });
      return;
    }
    let start = 0;
    while (start < text.length) {
      const end = start + size >= text.length ? text.length : cutAt(text, start + size);
      pieces.push({ textIndex, offset: start, text: text.slice(start, end) });
      if (end >= text.length) break;
      start = Math.max(start + 1, cutAt(text, end - PIECE_OVERLAP));
    }
  });
  return pieces;
}

/** Deals pieces into `groups` groups of about equal size (largest first, to the lightest group). */
export function balance(pieces: readonly Piece[], groups: number): Piece[][] {
  const out: Piece[][] = Array.from({ length: groups }, () => []);
  const load = new Array<number>(groups).fill(0);
  for (const piece of [...pieces].sort((a, b) => b.text.length - a.text.length)) {
    const lightest = load.indexOf(Math.min(...load));
    out[lightest]!.push(piece);
    load[lightest]! += piece.text.length;
  }
  return out.filter((g) => g.length);
}

/** Spans of the pieces back on their texts' offsets; texts cut in pieces are merged again. */
export function reassemble(textCount: number, pieces: readonly Piece[], spans: readonly Span[][]): Span[][] {
  const out: Span[][] = Array.from({ length: textCount }, () => []);
  const cut = new Set<number>();
  pieces.forEach((piece, i) => {
    if (piece.offset > 0) cut.add(piece.textIndex);
    for (const s of spans[i] ?? [])
      out[piece.textIndex]!.push({ ...s, start: s.start + piece.offset, end: s.end + piece.offset });
  });
  return out.map((list, i) => (cut.has(i) ? mergeSpans(dedupe(list)) : list));
}

function dedupe(spans: Span[]): Span[] {
  const seen = new Set<string>();
  return spans.filter((s) => {
    const key = `${s.start}:${s.end}:${s.entity_type}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
