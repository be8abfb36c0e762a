import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from './index.js';
import { preciseNowMs } from './sse-writer.js';

let fake: FakeProvider;

beforeAll(async () => {
  fake = await startFakeProvider();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.reset();
});

/** Streams a chat request and keeps each event with the client clock at the read that completed it. */
async function streamChat(): Promise<{
  status: number;
  events: { event: EventSourceMessage; at: number }[];
}> {
  const response = await fetch(`${fake.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test-openai' },
    body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'x' }] }),
  });
  const events: { event: EventSourceMessage; at: number }[] = [];
  let at = 0;
  const parser = createParser({ onEvent: (event) => events.push({ event, at }) });
  const decoder = new TextDecoder();
  for await (const chunk of response.body ?? []) {
    at = preciseNowMs();
    parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
  }
  return { status: response.status, events };
}

describe('stampEvents', () => {
  it('gives every streamed event an id holding its send time, increasing by the write delay', async () => {
    const before = preciseNowMs();
    fake.script({ text: 'one two three four', chunkSize: 4, writeDelayMs: 15, stampEvents: true });
    const { status, events } = await streamChat();

    expect(status).toBe(200);
    expect(events.length).toBeGreaterThan(5);
    expect(events.at(-1)!.event.data).toBe('[DONE]');
    const sentAt = events.map(({ event }) => Number(event.id));
    expect(sentAt.every((t) => Number.isFinite(t) && t >= before)).toBe(true);
    for (let i = 1; i < sentAt.length; i++) expect(sentAt[i]! - sentAt[i - 1]!).toBeGreaterThanOrEqual(14);
    // Sent before it was read, and read soon after on loopback.
    for (const { event, at } of events) {
      expect(at).toBeGreaterThanOrEqual(Number(event.id));
      expect(at - Number(event.id)).toBeLessThan(1000);
    }
    const text = events
      .filter(({ event }) => event.data !== '[DONE]')
      .map(({ event }) => JSON.parse(event.data) as { choices: { delta: { content?: string } }[] })
      .map((chunk) => chunk.choices[0]?.delta.content ?? '')
      .join('');
    expect(text).toBe('one two three four');
  });

  it('leaves events without an id when not asked', async () => {
    fake.script({ text: 'plain stream', chunkSize: 4 });
    const { events } = await streamChat();
    expect(events.length).toBeGreaterThan(2);
    expect(events.every(({ event }) => event.id === undefined)).toBe(true);
  });

  it('refuses to stamp byte pieces, which are not whole events', async () => {
    fake.script({ text: 'abc', stampEvents: true, bytesPerWrite: 7 });
    const response = await fetch(`${fake.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test-openai' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        stream: true,
        messages: [{ role: 'user', content: 'x' }],
      }),
    });
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/stampEvents/);
  });
});
