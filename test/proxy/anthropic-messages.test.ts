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

describe('messages through the proxy with the official @anthropic-ai/sdk client', () => {
  it('tokenizes system and messages, appends the pretext to system, restores the JSON answer', async () => {
    const { data, response } = await h
      .anthropic()
      .messages.create({
        model: 'claude-sonnet-4-5',
        max_tokens: 200,
        system: `The customer is ${PII.email}.`,
        messages: [{ role: 'user', content: PII_PROMPT }],
      })
      .withResponse();
    const block = data.content[0]!;
    expect(block.type === 'text' && block.text).toBe(PII_PROMPT);
    expect(response.headers.get('x-service-session-id')).toMatch(/^ses_/);
    expectNoLeak(h.upstreamText());
    const body = lastUpstream().body as { system: string; messages: { content: string }[] };
    expect(body.system).toMatch(/^The customer is \[EMAIL: [a-z0-9]{8}\]\.[\s\S]*\[LABEL: id\]/);
    expect(JSON.stringify(body.messages)).not.toContain('[LABEL: id]');
    expect(lastUpstream().headers['anthropic-version']).toEqual(expect.any(String));
  });

  it('defaults anthropic-version to 2023-06-01 when the caller sends none, and passes the key through', async () => {
    const res = await fetch(`${h.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': h.anthropic().apiKey! },
      body: JSON.stringify({
        model: 'claude-sonnet-4-5',
        max_tokens: 10,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    expect(res.status).toBe(200);
    expect(lastUpstream().headers['anthropic-version']).toBe('2023-06-01');
    expect(lastUpstream().headers['x-api-key']).toBe(h.anthropic().apiKey);
  });

  it('streams text split at every character and byte, restoring exactly', async () => {
    for (const scenario of [{ splitEveryChar: true }, { chunkSize: 3, bytesPerWrite: 2 }]) {
      h.fake.script(scenario);
      const stream = h.anthropic().messages.stream({
        model: 'claude-sonnet-4-5',
        max_tokens: 500,
        messages: [{ role: 'user', content: `Ciao 😀 ${PII_PROMPT}` }],
      });
      const message = await stream.finalMessage();
      const block = message.content[0]!;
      expect(block.type === 'text' && block.text).toBe(`Ciao 😀 ${PII_PROMPT}`);
      expect(message.usage.output_tokens).toBeGreaterThan(0);
    }
    expectNoLeak(h.upstreamText());
  });

  it('restores tool_use input, JSON and streamed, and sanitizes tool_use / tool_result history', async () => {
    const first = await h
      .anthropic()
      .messages.create({
        model: 'claude-sonnet-4-5',
        max_tokens: 50,
        messages: [{ role: 'user', content: `to ${PII.email}` }],
      })
      .withResponse();
    const session = first.response.headers.get('x-service-session-id')!;
    const token = /\[EMAIL: [a-z0-9]{8}\]/.exec(
      JSON.stringify((lastUpstream().body as { messages: unknown }).messages),
    )![0];
    const client = h.anthropic({ 'x-service-session-id': session });
    const tool = { toolCalls: [{ name: 'send_mail', arguments: { to: token, subject: 'Re: "refund"' } }] };

    h.fake.script(tool);
    const json = await client.messages.create({
      model: 'claude-sonnet-4-5',
      max_tokens: 50,
      messages: [{ role: 'user', content: `to ${PII.email}` }],
    });
    const use = json.content.find((b) => b.type === 'tool_use')!;
    expect(use.type === 'tool_use' && use.input).toEqual({ to: PII.email, subject: 'Re: "refund"' });

    h.fake.script({ ...tool, splitEveryChar: true });
    const streamed = await client.messages
      .stream({
        model: 'claude-sonnet-4-5',
        max_tokens: 50,
        messages: [{ role: 'user', content: `to ${PII.email}` }],
      })
      .finalMessage();
    const streamedUse = streamed.content.find((b) => b.type === 'tool_use')!;
    expect(streamedUse.type === 'tool_use' && streamedUse.input).toEqual({
      to: PII.email,
      subject: 'Re: "refund"',
    });

    await h.anthropic().messages.create({
      model: 'claude-sonnet-4-5',
      max_tokens: 50,
      messages: [
        { role: 'user', content: 'mail them' },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'send_mail', input: { to: PII.email } }],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_1',
              content: [{ type: 'text', text: `sent, ${PII.phone}` }],
            },
          ],
        },
      ],
    });
    expectNoLeak(h.upstreamText());
  });

  it('passes provider errors through in the messages shape', async () => {
    h.fake.script({ error: { status: 529, type: 'overloaded_error', message: 'Overloaded' } });
    const error = await h
      .anthropic()
      .messages.create({
        model: 'claude-sonnet-4-5',
        max_tokens: 10,
        messages: [{ role: 'user', content: 'hi' }],
      })
      .catch((e: unknown) => e);
    expect((error as { status?: number }).status).toBe(529);
  });

  it('refuses an unknown key with 401 in the messages error shape, forwarding nothing', async () => {
    const res = await fetch(`${h.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'sk-ant-unknown-000000000' },
      body: JSON.stringify({ model: 'm', max_tokens: 1, messages: [{ role: 'user', content: PII_PROMPT }] }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: expect.any(String) },
    });
    expect(res.headers.get('x-service-error-code')).toBe('unauthorized');
    expect(h.fake.requests).toHaveLength(0);
  });

  it('ends a broken stream with an error event after the restored text', async () => {
    h.fake.script({ chunkSize: 6, breakAfterEvents: 8 });
    const stream = h.anthropic().messages.stream({
      model: 'claude-sonnet-4-5',
      max_tokens: 500,
      messages: [
        { role: 'user', content: `${PII.email} then a long tail of words that will never arrive here` },
      ],
    });
    let text = '';
    stream.on('text', (delta) => (text += delta));
    const error = await stream.finalMessage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(text).not.toMatch(/\[EMAIL/);
  });
});
