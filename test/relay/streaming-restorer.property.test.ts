import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restoreText, type TokenLookup } from '../../src/relay/restore-text.js';
import { StreamingRestorer, scanTokenAt } from '../../src/relay/streaming-restorer.js';
import { MAX_TOKEN_TEXT_LENGTH, findTokenTexts, tokenTextRegex } from '../../src/tokens/token-text.js';
import { chunkings, tokenizedText, type TokenizedText } from './stream-arbitraries.js';

const TOKEN_AT_START = new RegExp(`^(?:${tokenTextRegex().source})`);
/** Every proper prefix of token text, written independently of the scanner under test. */
const PROPER_PREFIX = /^\[(?:[A-Za-z][A-Za-z0-9_]{0,31}(?:\s{0,2}(?::\s{0,2}[A-Za-z0-9]{0,8})?)?)?$/;

const endsWithHighSurrogate = (s: string) => {
  const c = s.charCodeAt(s.length - 1);
  return c >= 0xd800 && c <= 0xdbff;
};

/** The least a restorer may hold after `consumed`: a trailing high surrogate, or a proper token prefix from the last '['. */
function expectedHeld(consumed: string): string {
  if (endsWithHighSurrogate(consumed)) return consumed.slice(-1);
  const open = consumed.lastIndexOf('[');
  if (open === -1) return '';
  const tail = consumed.slice(open);
  return PROPER_PREFIX.test(tail) ? tail : '';
}

interface StreamRun {
  /** Output of each push, in order. */
  pieces: string[];
  flushed: string;
  /** `held` after each push. */
  held: number[];
  restored: number;
}

function runStream(chunks: string[], lookup: TokenLookup, options: { jsonEscape?: boolean } = {}): StreamRun {
  const restorer = new StreamingRestorer(lookup, options);
  const pieces: string[] = [];
  const held: number[] = [];
  for (const chunk of chunks) {
    pieces.push(restorer.push(chunk));
    held.push(restorer.held);
  }
  const flushed = restorer.flush();
  return { pieces, flushed, held, restored: restorer.restored };
}

const lookupOf =
  (values: Map<string, string>): TokenLookup =>
  (id) =>
    values.get(id);
const knowsNothing: TokenLookup = () => undefined;
const knowsEverything: TokenLookup = () => '•';
const eachCodeUnit = (text: string) => text.split('');

/** Split one code unit at a time, and in random chunkings. */
const splits = (gen: fc.Arbitrary<TokenizedText>) =>
  gen.chain((t) =>
    fc.oneof(fc.constant(eachCodeUnit(t.text)), chunkings(t.text)).map((chunks) => ({ ...t, chunks })),
  );

const RUNS = { numRuns: 400 };

describe('StreamingRestorer properties', () => {
  it('streams exactly what restoreText gives for the whole text', () => {
    fc.assert(
      fc.property(splits(tokenizedText()), ({ text, values, chunks }) => {
        const lookup = lookupOf(values);
        const run = runStream(chunks, lookup);
        const whole = restoreText(text, lookup);
        expect(run.pieces.join('') + run.flushed).toBe(whole.text);
        expect(run.restored).toBe(whole.restored);
      }),
      RUNS,
    );
  });

  it('never emits a lone high surrogate at the end of a piece and never holds more than a token', () => {
    fc.assert(
      fc.property(splits(tokenizedText()), ({ values, chunks }) => {
        const run = runStream(chunks, lookupOf(values));
        for (const piece of [...run.pieces, run.flushed]) expect(endsWithHighSurrogate(piece)).toBe(false);
        for (const held of run.held) expect(held).toBeLessThanOrEqual(MAX_TOKEN_TEXT_LENGTH);
      }),
      RUNS,
    );
  });

  it('holds back exactly the suffix that could still become token text', () => {
    fc.assert(
      fc.property(splits(tokenizedText()), ({ chunks }) => {
        // With nothing restored the output is the input, so what was emitted is a prefix of what was pushed.
        const run = runStream(chunks, knowsNothing);
        let consumed = '';
        let emitted = '';
        chunks.forEach((chunk, i) => {
          consumed += chunk;
          emitted += run.pieces[i];
          const held = expectedHeld(consumed);
          expect(run.held[i]).toBe(held.length);
          expect(emitted).toBe(consumed.slice(0, consumed.length - held.length));
        });
      }),
      RUNS,
    );
  });

  it('never emits part of a token: each token lies whole inside one emitted piece', () => {
    fc.assert(
      fc.property(splits(tokenizedText()), ({ text, chunks }) => {
        const run = runStream(chunks, knowsNothing);
        const pieces = [...run.pieces, run.flushed];
        const restoredPiecewise = pieces.reduce(
          (n, piece) => n + restoreText(piece, knowsEverything).restored,
          0,
        );
        expect(restoredPiecewise).toBe(restoreText(text, knowsEverything).restored);
        let boundary = 0;
        const tokens = findTokenTexts(text);
        for (const piece of run.pieces) {
          boundary += piece.length;
          expect(tokens.some((t) => t.start < boundary && boundary < t.end)).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it('keeps a JSON string valid when restoring inside it', () => {
    fc.assert(
      fc.property(
        tokenizedText({ withControl: false }).chain((t) => {
          const inside = JSON.stringify(t.text).slice(1, -1);
          return fc
            .oneof(fc.constant(eachCodeUnit(inside)), chunkings(inside))
            .map((chunks) => ({ ...t, inside, chunks }));
        }),
        ({ text, values, inside, chunks }) => {
          const lookup = lookupOf(values);
          const run = runStream(chunks, lookup, { jsonEscape: true });
          const streamed = run.pieces.join('') + run.flushed;
          expect(streamed).toBe(restoreText(inside, lookup, { jsonEscape: true }).text);
          expect(JSON.parse(`"${streamed}"`)).toBe(restoreText(text, lookup).text);
        },
      ),
      RUNS,
    );
  });
});

describe('scanTokenAt property', () => {
  const bracketText = fc
    .string({
      unit: fc.constantFrom('[', ']', ':', ' ', '\t', '\u00a0', 'a', 'Z', '9', '_', '-', 'é'),
      maxLength: 60,
    })
    .map((rest) => `[${rest}`);

  it('agrees with the token pattern and an independent prefix pattern', () => {
    fc.assert(
      fc.property(bracketText, (text) => {
        const whole = TOKEN_AT_START.exec(text);
        const expected = whole
          ? { kind: 'token', end: whole[0].length }
          : { kind: PROPER_PREFIX.test(text) ? 'prefix' : 'none' };
        expect(scanTokenAt(text, 0)).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees on label-heavy text near the 32-character limit', () => {
    const labelish = fc
      .tuple(
        fc.integer({ min: 28, max: 36 }),
        fc.constantFrom('', ' ', ':', ': ', ':  a1b2c3d4', ': a1b2c3d4]', ':a1b2c3d4]'),
      )
      .map(([n, tail]) => `[${'L'.repeat(n)}${tail}`);
    fc.assert(
      fc.property(labelish, (text) => {
        const whole = TOKEN_AT_START.exec(text);
        const kind = whole ? 'token' : PROPER_PREFIX.test(text) ? 'prefix' : 'none';
        expect(scanTokenAt(text, 0).kind).toBe(kind);
      }),
    );
  });
});
