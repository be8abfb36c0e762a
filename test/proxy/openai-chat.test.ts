import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
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
const upstreamMessages = () =>
  (lastUpstream().body as { messages: { role: string; content: unknown }[] }).messages;
/** Token text in what the user sent upstream (the pretext's own examples are not looked at). */
const userTokens = () =>
  JSON.stringify(upstreamMessages().filter((m) => m.role !== 'system')).match(/\[EMAIL: [a-z0-9]{8}\]/g) ??
  [];

describe('chat completions through the proxy with the official openai client', () => {
  it('tokenizes the prompt, adds the pretext, and restores the JSON answer', async () => {
    const client = h.openai();
    const { data, response } = await client.chat.completions
      .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: PII_PROMPT }] })
      .withResponse();
    expect(data.choices[0]!.message.content).toBe(PII_PROMPT);
    expect(response.headers.get('x-service-session-id')).toMatch(/^ses_/);
    expectNoLeak(h.upstreamText());
    const messages = upstreamMessages();
    expect(messages[0]!.role).toBe('system');
    expect(String(messages[0]!.content)).toContain('[LABEL: id]');
    expect(String(messages[1]!.content)).toMatch(/\[EMAIL: [a-z0-9]{8}\]/);
    expect(String(messages[1]!.content)).toMatch(/\[PHONE: [a-z0-9]{8}\]/);
    expect(lastUpstream().headers.authorization).toBe(`Bearer ${h.openai().apiKey}`);
    expect(Object.keys(lastUpstream().headers).some((k) => k.startsWith('x-service-'))).toBe(false);
  });

  it('appends the pretext to a leading system message instead of adding one', async () => {
    await h.openai().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: `mail ${PII.email}` },
      ],
    });
    const messages = upstreamMessages();
    expect(messages).toHaveLength(2);
    expect(String(messages[0]!.content)).toMatch(/^You are terse\.[\s\S]*\[LABEL: id\]/);
  });

  it('adds no pretext when there is nothing to protect, and relays the answer byte for byte', async () => {
    const res = await h.openai().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'What is two plus two?' }],
    });
    expect(res.choices[0]!.message.content).toBe('What is two plus two?');
    expect(upstreamMessages()).toHaveLength(1);
  });

  it('streams with every character in its own chunk and bytes split anywhere, restoring exactly', async () => {
    for (const scenario of [
      { splitEveryChar: true },
      { chunkSize: 5, bytesPerWrite: 3 },
      { bytesPerWrite: 1 },
    ]) {
      h.fake.script(scenario);
      const stream = await h.openai().chat.completions.create({
        model: 'gpt-4o-mini',
        stream: true,
        messages: [{ role: 'user', content: `Grüße 👋 ${PII_PROMPT} 日本語` }],
      });
      let text = '';
      const pieces: string[] = [];
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta?.content ?? '';
        pieces.push(delta);
        text += delta;
        // No emitted piece may ever contain part of a token.
        expect(delta).not.toMatch(/\[[A-Z]+: [a-z0-9]{0,7}$/);
      }
      expect(text).toBe(`Grüße 👋 ${PII_PROMPT} 日本語`);
      expect(pieces.some((p) => p.includes(PII.email))).toBe(true);
    }
    expectNoLeak(h.upstreamText());
  });

  it('asks for usage on streams without relaying the extra usage chunk, and relays it when the caller asked', async () => {
    const stream = await h.openai().chat.completions.create({
      model: 'gpt-4o-mini',
      stream: true,
      messages: [{ role: 'user', content: 'hello there' }],
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect((lastUpstream().body as { stream_options?: unknown }).stream_options).toEqual({
      include_usage: true,
    });
    expect(chunks.some((c) => c.usage)).toBe(false);

    const withUsage = await h.openai().chat.completions.create({
      model: 'gpt-4o-mini',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'hello there' }],
    });
    const usageChunks = [];
    for await (const chunk of withUsage) if (chunk.usage) usageChunks.push(chunk);
    expect(usageChunks).toHaveLength(1);
  });

  it('restores tool-call arguments as valid JSON, JSON and streamed, and sanitizes tool calls in history', async () => {
    // First turn: learn the token the provider sees for the e-mail address.
    const first = await h
      .openai()
      .chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: `send it to ${PII.email}` }],
      })
      .withResponse();
    const session = first.response.headers.get('x-service-session-id')!;
    const token = userTokens()[0]!;
    const client = h.openai({ 'x-service-session-id': session });
    const toolReply = {
      toolCalls: [{ name: 'send_mail', arguments: JSON.stringify({ to: token, note: 'say "hi"' }) }],
    };

    h.fake.script(toolReply);
    const json = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: `send it to ${PII.email}` }],
    });
    const call = json.choices[0]!.message.tool_calls![0]!;
    expect(call.type === 'function' && JSON.parse(call.function.arguments)).toEqual({
      to: PII.email,
      note: 'say "hi"',
    });

    h.fake.script({ ...toolReply, splitEveryChar: true });
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      stream: true,
      messages: [{ role: 'user', content: `send it to ${PII.email}` }],
    });
    let argsText = '';
    for await (const chunk of stream)
      argsText += chunk.choices[0]?.delta?.tool_calls?.[0]?.function?.arguments ?? '';
    expect(JSON.parse(argsText)).toEqual({ to: PII.email, note: 'say "hi"' });

    // History: an assistant tool call carrying personal data, and a tool result.
    await h.openai().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'user', content: 'send the mail' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'send_mail', arguments: JSON.stringify({ to: PII.email, n: 3 }) },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: `sent to ${PII.phone}` },
      ],
    });
    const history = upstreamMessages() as unknown as {
      role: string;
      tool_calls?: { function: { arguments: string } }[];
    }[];
    const historic = JSON.parse(
      history.find((m) => m.role === 'assistant')!.tool_calls![0]!.function.arguments,
    ) as {
      to: string;
      n: number;
    };
    expect(historic.to).toMatch(/^\[EMAIL: [a-z0-9]{8}\]$/);
    expect(historic.n).toBe(3);
    expectNoLeak(h.upstreamText());
  });

  it('keeps tokens stable across turns of a session', async () => {
    const first = await h
      .openai()
      .chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: `I am ${PII.email}` }],
      })
      .withResponse();
    const firstToken = userTokens()[0]!;
    const session = first.response.headers.get('x-service-session-id')!;
    await h.openai({ 'x-service-session-id': session }).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'user', content: `I am ${PII.email}` },
        { role: 'assistant', content: `Hello ${PII.email}` },
        { role: 'user', content: `again: ${PII.email.toUpperCase()}` },
      ],
    });
    expect(new Set(userTokens())).toEqual(new Set([firstToken]));
    // A new conversation gets new tokens.
    await h.openai().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: `I am ${PII.email}` }],
    });
    expect(userTokens()).not.toContain(firstToken);
  });

  it('leaves token text of other sessions as it is (prompt injection)', async () => {
    await h.openai().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: `mail ${PII.email}` }],
    });
    const foreign = userTokens()[0]!;
    const res = await h.openai().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: `repeat after me: ${foreign}` }],
    });
    expect(res.choices[0]!.message.content).toBe(`repeat after me: ${foreign}`);
  });

  it('passes provider errors through with their status and shape', async () => {
    h.fake.script({
      error: { status: 429, type: 'requests', code: 'rate_limit_exceeded', message: 'slow down' },
    });
    const error = await h
      .openai()
      .chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect((error as InstanceType<typeof OpenAI.RateLimitError>).status).toBe(429);
  });

  it('ends a broken stream with an error after the restored text', async () => {
    h.fake.script({ chunkSize: 4, breakAfterEvents: 6 });
    const stream = await h.openai().chat.completions.create({
      model: 'gpt-4o-mini',
      stream: true,
      messages: [
        { role: 'user', content: `${PII.email} and then a much longer tail of text that never arrives` },
      ],
    });
    let text = '';
    const error = await (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(PII.email.startsWith(text) || text.startsWith(PII.email)).toBe(true);
  });

  it('answers 401 in the provider shape for an unknown key and forwards nothing', async () => {
    const client = new OpenAI({ apiKey: 'sk-not-registered-000000', baseURL: h.url, maxRetries: 0 });
    const error = await client.chat.completions
      .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: PII_PROMPT }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(h.fake.requests).toHaveLength(0);
  });

  it('answers 504 when the provider does not answer in time and 400 for an unknown session', async () => {
    h.fake.script({ headersDelayMs: 5000 });
    const slow = await h
      .openai()
      .chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect((slow as { status?: number }).status).toBe(504);
    const bad = await h
      .openai({ 'x-service-session-id': 'ses_doesnotexist000000000000' })
      .chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect((bad as { status?: number }).status).toBe(400);
  });

  it('tokens-only mode leaves tokens in the reply, streamed tool arguments included', async () => {
    const client = h.openai({ 'x-service-mode': 'tokens-only' });
    const res = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: `mail ${PII.email}` }],
    });
    expect(res.choices[0]!.message.content).toMatch(/^mail \[EMAIL: [a-z0-9]{8}\]$/);
    const token = /\[EMAIL: [a-z0-9]{8}\]/.exec(res.choices[0]!.message.content!)![0];
    h.fake.script({
      toolCalls: [{ name: 'send', arguments: JSON.stringify({ to: token }) }],
      splitEveryChar: true,
    });
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      stream: true,
      messages: [{ role: 'user', content: `mail ${PII.email}` }],
    });
    let args = '';
    for await (const chunk of stream)
      args += chunk.choices[0]?.delta?.tool_calls?.[0]?.function?.arguments ?? '';
    expect(JSON.parse(args)).toEqual({ to: token });
  });
});
