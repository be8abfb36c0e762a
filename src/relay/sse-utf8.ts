import { createParser, type EventSourceMessage, type ParseError } from 'eventsource-parser';

export type { EventSourceMessage };

/**
 * One event can carry a whole answer (the Responses API repeats the full output in `response.completed`),
 * so the bound is generous: it stops an endless line or event, not a long answer.
 */
const DEFAULT_MAX_BUFFERED_CHARS = 16 * 1024 * 1024;

export interface SseDecoderOptions {
  /** Most characters of an unfinished line or event held at once; beyond it `push` throws the parser's ParseError. */
  maxBufferSize?: number;
}

/** Bytes in, parsed events out; UTF-8 sequences and SSE lines may be split anywhere between chunks. */
export interface SseDecoder {
  /** The events this chunk completes, in order. */
  push(chunk: Uint8Array): EventSourceMessage[];
  /** The events the end of the stream completes; an event without its closing blank line is dropped, as SSE says. */
  end(): EventSourceMessage[];
}

export function createSseDecoder(options: SseDecoderOptions = {}): SseDecoder {
  const decoder = new TextDecoder('utf-8');
  let ready: EventSourceMessage[] = [];
  let overflow: ParseError | undefined;
  const parser = createParser({
    maxBufferSize: options.maxBufferSize ?? DEFAULT_MAX_BUFFERED_CHARS,
    onEvent: (event) => ready.push(event),
    // Unknown fields and bad retry values are ignored, as browsers do; only the size bound stops the stream.
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') overflow = error;
    },
  });
  const take = (text: string) => {
    parser.feed(text);
    if (overflow) throw overflow;
    const events = ready;
    ready = [];
    return events;
  };
  return {
    push: (chunk) => take(decoder.decode(chunk, { stream: true })),
    end: () => take(decoder.decode()),
  };
}

/** Parsed events of a byte stream (a fetch or undici body). */
export async function* readSseEvents(
  body: AsyncIterable<Uint8Array>,
  options: SseDecoderOptions = {},
): AsyncGenerator<EventSourceMessage> {
  const decoder = createSseDecoder(options);
  for await (const chunk of body) yield* decoder.push(chunk);
  yield* decoder.end();
}

/**
 * One event as the providers write it: `event:` when named, `id:` when given, then one `data:` line per
 * line of data, then a blank line. `event` and `id` are single lines, as the parser yields them.
 */
export function formatSseEvent(event: {
  event?: string | undefined;
  data: string;
  id?: string | undefined;
}): string {
  let out = '';
  if (event.event) out += `event: ${event.event}\n`;
  if (event.id !== undefined) out += `id: ${event.id}\n`;
  for (const line of event.data.split(/\r\n|\r|\n/)) out += `data: ${line}\n`;
  return `${out}\n`;
}
