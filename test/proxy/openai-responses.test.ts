import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoLeak, PII, PII_PROMPT, startProxyHarness, type ProxyHarness } from './proxy-harness.js';

let h: ProxyHarness;
beforeAll(async () => {
  h = await startProxyHarness();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  h.fake.reset();
});

const lastUpstream = () => h.fake.requests[h.fake.requests.length - 1]!;

describe('responses API through the proxy with the official openai client', () => {
  it('tokenizes input and instructions, puts the pretext in instructions, restores output', async () => {
    const res = await h.openai().responses.create({
      model: 'gpt-4.1-mini',
      instructions: `Reply to ${PII.email}.`,
      input: PII_PROMPT,
    });
    expect(res.output_text).toBe(PII_PROMPT);
    expectNoLeak(h.upstreamText());
    const body = lastUpstream().body as { instructions: string; input: string };
    expect(body.instructions).toMatch(/^Reply to \[EMAIL: [a-z0-9]{8}\]\.[\s\S]*\[LABEL: id\]/);
    expect(body.input).not.toContain('[LABEL: id]');
  });

  it('streams output text split at every character with consecutive sequence numbers', async () => {
    h.fake.script({ splitEveryChar: true, bytesPerWrite: 5 });
    const stream = await h
      .openai()
      .responses.create({ model: 'gpt-4.1-mini', input: PII_PROMPT, stream: true });
    let text = '';
    let completed = '';
    const sequence: number[] = [];
    for await (const event of stream) {
      sequence.push(event.sequence_number);
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.output_text.done') expect(event.text).toBe(PII_PROMPT);
      if (event.type === 'response.completed') {
        completed = event.response.output
          .flatMap((item) => (item.type === 'message' ? item.content : []))
          .map((part) => (part.type === 'output_text' ? part.text : ''))
          .join('');
      }
    }
    expect(text).toBe(PII_PROMPT);
    expect(completed).toBe(PII_PROMPT);
    expect(sequence).toEqual(sequence.map((_, i) => sequence[0]! + i));
    expectNoLeak(h.upstreamText());
  });

  it('restores streamed function-call arguments', async () => {
    const first = await h
      .openai()
      .responses.create({ model: 'gpt-4.1-mini', input: `to ${PII.email}` })
      .withResponse();
    const session = first.response.headers.get('x-service-session-id')!;
    const token = /\[EMAIL: [a-z0-9]{8}\]/.exec(String((lastUpstream().body as { input: string }).input))![0];
    h.fake.script({
      toolCalls: [{ name: 'send_mail', arguments: JSON.stringify({ to: token }) }],
      splitEveryChar: true,
    });
    const stream = await h
      .openai({ 'x-service-session-id': session })
      .responses.create({ model: 'gpt-4.1-mini', input: `to ${PII.email}`, stream: true });
    let args = '';
    let done = '';
    for await (const event of stream) {
      if (event.type === 'response.function_call_arguments.delta') args += event.delta;
      if (event.type === 'response.function_call_arguments.done') done = event.arguments;
    }
    expect(JSON.parse(args)).toEqual({ to: PII.email });
    expect(JSON.parse(done)).toEqual({ to: PII.email });
  });
});
