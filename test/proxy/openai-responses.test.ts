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

  describe('custom tool calls', () => {
    /** A session whose email token the proxy will restore, and that token's text. */
    async function emailToken(): Promise<{ session: string; token: string }> {
      const first = await h
        .openai()
        .responses.create({ model: 'gpt-5', input: `to ${PII.email}` })
        .withResponse();
      const session = first.response.headers.get('x-service-session-id')!;
      const input = String((lastUpstream().body as { input: string }).input);
      return { session, token: /\[EMAIL: [a-z0-9]{8}\]/.exec(input)![0] };
    }

    // Free-form input, not JSON: the value goes in as it is, quotes and all.
    const inputs = (token: string) => [
      `grep -rn "${token}" mail/`,
      `*** Begin Patch\n+cc: ${token}\n*** End Patch`,
    ];
    const restoredInputs = inputs(PII.email);

    it('restores streamed custom tool input split at every character, between other tool calls', async () => {
      const { session, token } = await emailToken();
      const [grep, patch] = inputs(token);
      h.fake.script({
        toolCalls: [
          { type: 'custom', name: 'shell', arguments: grep! },
          { name: 'send_mail', arguments: { to: token } },
          { type: 'custom', name: 'apply_patch', arguments: patch! },
        ],
        splitEveryChar: true,
        bytesPerWrite: 7,
      });
      const stream = await h
        .openai({ 'x-service-session-id': session })
        .responses.create({ model: 'gpt-5', input: `to ${PII.email}`, stream: true });
      const streamed = new Map<number, string>();
      const done = new Map<number, string>();
      const itemDone = new Map<number, string>();
      const sequence: number[] = [];
      let completed: unknown[] = [];
      for await (const event of stream) {
        sequence.push(event.sequence_number);
        if (event.type === 'response.custom_tool_call_input.delta') {
          expect(event.delta).not.toMatch(/[[\]]/);
          streamed.set(event.output_index, (streamed.get(event.output_index) ?? '') + event.delta);
        }
        if (event.type === 'response.custom_tool_call_input.done') done.set(event.output_index, event.input);
        if (event.type === 'response.output_item.done' && event.item.type === 'custom_tool_call')
          itemDone.set(event.output_index, event.item.input);
        if (event.type === 'response.completed') completed = event.response.output;
      }
      const expected = new Map([
        [0, restoredInputs[0]],
        [2, restoredInputs[1]],
      ]);
      expect(streamed).toEqual(expected);
      expect(done).toEqual(expected);
      expect(itemDone).toEqual(expected);
      expect(completed).toMatchObject([
        { type: 'custom_tool_call', name: 'shell', input: restoredInputs[0] },
        { type: 'function_call', name: 'send_mail', arguments: JSON.stringify({ to: PII.email }) },
        { type: 'custom_tool_call', name: 'apply_patch', input: restoredInputs[1] },
      ]);
      expect(sequence).toEqual(sequence.map((_, i) => i));
      expectNoLeak(h.upstreamText());
    });

    it("feeds the openai client's stream accumulator restored input", async () => {
      const { session, token } = await emailToken();
      const [grep] = inputs(token);
      h.fake.script({ toolCalls: [{ type: 'custom', name: 'shell', arguments: grep! }], chunkSize: 3 });
      const stream = h
        .openai({ 'x-service-session-id': session })
        .responses.stream({ model: 'gpt-5', input: `to ${PII.email}` });
      const deltas: string[] = [];
      stream.on('response.custom_tool_call_input.delta', (event) => deltas.push(event.delta));
      const final = await stream.finalResponse();
      expect(deltas.join('')).toBe(restoredInputs[0]);
      expect(final.output).toMatchObject([
        { type: 'custom_tool_call', name: 'shell', input: restoredInputs[0] },
      ]);
    });

    it('restores custom tool input in a JSON response', async () => {
      const { session, token } = await emailToken();
      const [grep] = inputs(token);
      h.fake.script({ toolCalls: [{ type: 'custom', name: 'shell', arguments: grep! }] });
      const res = await h
        .openai({ 'x-service-session-id': session })
        .responses.create({ model: 'gpt-5', input: `to ${PII.email}` });
      expect(res.output).toMatchObject([
        { type: 'custom_tool_call', name: 'shell', input: restoredInputs[0] },
      ]);
    });
  });
});
