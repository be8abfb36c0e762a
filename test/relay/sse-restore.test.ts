import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restoreText, type TokenLookup } from '../../src/relay/restore-text.js';
import { createSseDecoder, formatSseEvent } from '../../src/relay/sse-utf8.js';
import { StreamingRestorer } from '../../src/relay/streaming-restorer.js';

const values: Record<string, string> = {
  k3j9x2m4: 'Zoë "Z" Ünal 😀',
  q1w2e3r4: 'zoë@exämple.com',
  m5n6b7v8: '[1] 中文\\n',
};
const lookup: TokenLookup = (id) => values[id];

const TEXT =
  'Hi [NAME: k3j9x2m4], 你好 👋🏽 café (e\u0301) 🇫🇷 — see [1] and arr[i]. [EMAIL:  Q1W2E3R4]' +
  '[Note:m5n6b7v8] [Unknown: zzzzzzzz] [NAME: k3j9x2m]🎉 [the docs](https://example.com) end';

/** The SSE wire for TEXT sent as deltas of `pieceLength` code units (splitting surrogate pairs and tokens). */
function wireFor(text: string, pieceLength: number, lineEnd: string): Uint8Array {
  let wire = '';
  for (let i = 0; i < text.length; i += pieceLength) {
    wire += formatSseEvent({
      event: 'delta',
      data: JSON.stringify({ delta: text.slice(i, i + pieceLength) }),
    });
  }
  wire += formatSseEvent({ data: '[DONE]' });
  return new TextEncoder().encode(wire.replaceAll('\n', lineEnd));
}

/** Decodes the byte chunks, restores each delta as it arrives, flushes at [DONE]; returns every emitted piece. */
function relay(chunks: Uint8Array[]): string[] {
  const decoder = createSseDecoder();
  const restorer = new StreamingRestorer(lookup);
  const emitted: string[] = [];
  const onEvent = (data: string) => {
    if (data === '[DONE]') emitted.push(restorer.flush());
    else emitted.push(restorer.push((JSON.parse(data) as { delta: string }).delta));
  };
  for (const chunk of chunks) for (const event of decoder.push(chunk)) onEvent(event.data);
  for (const event of decoder.end()) onEvent(event.data);
  return emitted;
}

const expected = restoreText(TEXT, lookup).text;
const endsWithHighSurrogate = (s: string) => /[\uD800-\uDBFF]$/.test(s);

describe('SSE bytes → restored text', () => {
  for (const [pieceLength, lineEnd] of [
    [1, '\n'],
    [3, '\n'],
    [3, '\r\n'],
    [7, '\r'],
  ] as const) {
    describe(`deltas of ${pieceLength} code units, ${JSON.stringify(lineEnd)} line ends`, () => {
      const wire = wireFor(TEXT, pieceLength, lineEnd);

      it('is exact when the bytes are split in two at every boundary', () => {
        for (let cut = 0; cut <= wire.length; cut += 1) {
          const emitted = relay([wire.subarray(0, cut), wire.subarray(cut)]);
          expect(emitted.join('')).toBe(expected);
          expect(emitted.some(endsWithHighSurrogate)).toBe(false);
        }
      });

      it('is exact when the bytes arrive one at a time', () => {
        const emitted = relay([...wire].map((b) => Uint8Array.of(b)));
        expect(emitted.join('')).toBe(expected);
        expect(emitted.some(endsWithHighSurrogate)).toBe(false);
      });
    });
  }

  it('is exact for random byte chunkings', () => {
    const wire = wireFor(TEXT, 2, '\n');
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: wire.length }), { maxLength: 60 }), (cuts) => {
        const points = [0, ...cuts.sort((a, b) => a - b), wire.length];
        const chunks = points.slice(1).map((end, i) => wire.subarray(points[i], end));
        expect(relay(chunks).join('')).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('restores the known tokens and keeps the rest', () => {
    expect(expected).toContain('Hi Zoë "Z" Ünal 😀, 你好');
    expect(expected).toContain('zoë@exämple.com[1] 中文\\n [Unknown: zzzzzzzz] [NAME: k3j9x2m]🎉');
    expect(restoreText(TEXT, lookup).restored).toBe(3);
  });
});
