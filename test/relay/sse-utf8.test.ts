import fc from 'fast-check';
import { ParseError } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import {
  createSseDecoder,
  formatSseEvent,
  readSseEvents,
  type EventSourceMessage,
} from '../../src/relay/sse-utf8.js';

const bytes = (text: string) => new TextEncoder().encode(text);

function decodeAll(chunks: Uint8Array[]): EventSourceMessage[] {
  const decoder = createSseDecoder();
  return [...chunks.flatMap((c) => decoder.push(c)), ...decoder.end()];
}

async function* asyncChunks(chunks: Uint8Array[]) {
  for (const chunk of chunks) yield chunk;
}

describe('formatSseEvent', () => {
  it('writes a data-only event like chat-completions providers', () => {
    expect(formatSseEvent({ data: '{"a":1}' })).toBe('data: {"a":1}\n\n');
    expect(formatSseEvent({ data: '[DONE]' })).toBe('data: [DONE]\n\n');
  });

  it('writes a named event like the messages provider', () => {
    expect(formatSseEvent({ event: 'message_stop', data: '{"type":"message_stop"}' })).toBe(
      'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    );
  });

  it('writes one data line per line of data, and the id when given', () => {
    expect(formatSseEvent({ data: 'a\nb\r\nc', id: '7' })).toBe('id: 7\ndata: a\ndata: b\ndata: c\n\n');
  });

  it('round-trips through the decoder', () => {
    const line = (units: fc.Arbitrary<string>) => fc.string({ unit: units, maxLength: 12 });
    const anyUnit = fc.oneof(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
      fc.constantFrom('\n', '\r', ' ', ':'),
    );
    const name = line(fc.constantFrom('a', 'b', '_', ':', ' ', 'é'));
    fc.assert(
      fc.property(
        fc.record({
          event: fc.option(name, { nil: undefined }),
          data: line(anyUnit),
          id: fc.option(name, { nil: undefined }),
        }),
        (event) => {
          const [parsed, ...rest] = decodeAll([bytes(formatSseEvent(event))]);
          expect(rest).toEqual([]);
          expect(parsed).toEqual({
            event: event.event || undefined,
            id: event.id,
            data: event.data.replace(/\r\n|\r/g, '\n'),
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('createSseDecoder', () => {
  it('reassembles multibyte characters and lines split between chunks', () => {
    const wire = bytes('event: delta\ndata: {"t":"é中😀"}\n\ndata: [DONE]\n\n');
    const chunks = [...wire].map((b) => Uint8Array.of(b));
    expect(decodeAll(chunks)).toEqual([
      { event: 'delta', id: undefined, data: '{"t":"é中😀"}' },
      { event: undefined, id: undefined, data: '[DONE]' },
    ]);
  });

  it('handles CRLF split between the CR and the LF', () => {
    const wire = bytes('data: one\r\n\r\ndata: two\r\n\r\n');
    for (let cut = 0; cut <= wire.length; cut += 1) {
      expect(decodeAll([wire.slice(0, cut), wire.slice(cut)]).map((e) => e.data)).toEqual(['one', 'two']);
    }
  });

  it('strips a leading byte-order mark', () => {
    const wire = Uint8Array.of(0xef, 0xbb, 0xbf, ...bytes('data: x\n\n'));
    expect(decodeAll([wire.slice(0, 2), wire.slice(2)]).map((e) => e.data)).toEqual(['x']);
  });

  it('drops an event whose closing blank line never came', () => {
    expect(decodeAll([bytes('data: done\n\ndata: cut')]).map((e) => e.data)).toEqual(['done']);
  });

  it('replaces an invalid byte sequence rather than failing', () => {
    expect(
      decodeAll([Uint8Array.of(...bytes('data: a'), 0xff, ...bytes('b\n\n'))]).map((e) => e.data),
    ).toEqual(['a\uFFFDb']);
  });

  it('ignores comments and unknown fields', () => {
    expect(decodeAll([bytes(': ping\nfoo: bar\ndata: x\n\n')]).map((e) => e.data)).toEqual(['x']);
  });

  it('throws the parser error when an unfinished line outgrows the bound', () => {
    const decoder = createSseDecoder({ maxBufferSize: 1_000 });
    expect(() => decoder.push(bytes(`data: ${'x'.repeat(2_000)}`))).toThrow(ParseError);
  });
});

describe('readSseEvents', () => {
  it('yields the events of an async byte stream in order', async () => {
    const wire = bytes('data: 1\n\ndata: 2\n\ndata: 3\n\n');
    const events: string[] = [];
    for await (const event of readSseEvents(
      asyncChunks([wire.slice(0, 5), wire.slice(5, 17), wire.slice(17)]),
    )) {
      events.push(event.data);
    }
    expect(events).toEqual(['1', '2', '3']);
  });
});
