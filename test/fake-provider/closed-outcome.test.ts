import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from './index.js';

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

const chat = (stream: boolean) =>
  JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: 'abcdefghij' }] });

const post = (body: string, signal?: AbortSignal) =>
  fetch(`${fake.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test-openai' },
    body,
    ...(signal ? { signal } : {}),
  });

describe('RecordedRequest.closed', () => {
  it('is complete once a JSON answer and a whole stream were sent', async () => {
    await (await post(chat(false))).text();
    await (await post(chat(true))).text();
    expect(await fake.requests[0]!.closed).toEqual({ complete: true });
    expect(await fake.requests[1]!.closed).toEqual({ complete: true });
  });

  it('is not complete when the client goes away mid-stream, and comes right after it left', async () => {
    // Ten events 200 ms apart: two seconds to send in full.
    fake.script({ splitEveryChar: true, writeDelayMs: 200 });
    const abort = new AbortController();
    const res = await post(chat(true), abort.signal);
    const reader = res.body!.getReader();
    await reader.read();
    const leftAt = Date.now();
    abort.abort();
    expect(await fake.requests[0]!.closed).toEqual({ complete: false });
    expect(Date.now() - leftAt).toBeLessThan(1_000);
  });

  it('is not complete after a scripted break', async () => {
    fake.script({ breakAfterBytes: 40 });
    await (await post(chat(true))).text().catch(() => '');
    expect(await fake.requests[0]!.closed).toEqual({ complete: false });
  });
});
