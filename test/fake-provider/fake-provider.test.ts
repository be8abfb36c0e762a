import Anthropic from '@anthropic-ai/sdk';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import OpenAI from 'openai';
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

const OPENAI_HEADERS = { authorization: 'Bearer sk-test-openai' };
const ANTHROPIC_HEADERS = { 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01' };

function openai(basePath = '/v1', timeout?: number): OpenAI {
  return new OpenAI({ apiKey: 'sk-test-openai', baseURL: `${fake.url}${basePath}`, maxRetries: 0, timeout });
}

function anthropic(): Anthropic {
  return new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0 });
}

interface RawResponse {
  status: number;
  headers: Headers;
  reads: Uint8Array[];
  text: string;
}

/** POSTs with fetch and keeps every body read as it arrived, to see how bytes were split. */
async function rawPost(
  path: string,
  body: unknown,
  headers: Record<string, string> = OPENAI_HEADERS,
): Promise<RawResponse> {
  const response = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const reads: Uint8Array[] = [];
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      reads.push(value);
    }
  }
  return {
    status: response.status,
    headers: response.headers,
    reads,
    text: Buffer.concat(reads).toString('utf8'),
  };
}

function sseEvents(text: string): EventSourceMessage[] {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  parser.feed(text);
  return events;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function chatChunks(text: string): Json[] {
  return sseEvents(text)
    .filter((event) => event.data !== '[DONE]')
    .map((event) => JSON.parse(event.data) as Json);
}

function chatTextDeltas(text: string): string[] {
  return chatChunks(text)
    .map((chunk) => chunk.choices?.[0]?.delta?.content as unknown)
    .filter((content): content is string => typeof content === 'string' && content.length > 0);
}

function anthropicTextDeltas(text: string): string[] {
  return sseEvents(text)
    .map((event) => JSON.parse(event.data) as Json)
    .filter((payload) => payload.type === 'content_block_delta' && payload.delta.type === 'text_delta')
    .map((payload) => payload.delta.text as string);
}

function chatRequest(content: string) {
  return {
    model: 'gpt-4o-mini',
    messages: [
      { role: 'system' as const, content: 'You are terse.' },
      { role: 'user' as const, content },
    ],
  };
}

describe('OpenAI chat completions with the official client', () => {
  it('answers JSON in the chat.completion shape, echoing the last user message', async () => {
    const { data, response } = await openai()
      .chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [
          { role: 'user', content: 'first turn' },
          { role: 'assistant', content: 'ok' },
          { role: 'user', content: [{ type: 'text', text: 'Call [NAME: ab12cd34] at noon' }] },
        ],
      })
      .withResponse();

    expect(data.id).toMatch(/^chatcmpl-[A-Za-z0-9]{29}$/);
    expect(data.object).toBe('chat.completion');
    expect(data.model).toBe('gpt-4o-mini');
    expect(data.system_fingerprint).toMatch(/^fp_[0-9a-f]{10}$/);
    expect(data.choices).toEqual([
      {
        index: 0,
        message: {
          role: 'assistant',
          content: 'Call [NAME: ab12cd34] at noon',
          refusal: null,
          annotations: [],
        },
        logprobs: null,
        finish_reason: 'stop',
      },
    ]);
    expect(data.usage?.total_tokens).toBe(
      (data.usage?.prompt_tokens ?? 0) + (data.usage?.completion_tokens ?? 0),
    );
    expect(data.usage?.completion_tokens_details?.reasoning_tokens).toBe(0);
    expect(response.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('records method, path, lower-cased headers, raw and parsed body', async () => {
    const body = JSON.stringify(chatRequest('hello'));
    await rawPost('/v1/chat/completions', body, { ...OPENAI_HEADERS, 'X-Custom-Header': 'Kept' });

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      query: '',
      route: 'openai-chat',
    });
    expect(request?.headers['x-custom-header']).toBe('Kept');
    expect(request?.headers.authorization).toBe('Bearer sk-test-openai');
    expect(request?.rawBody).toBe(body);
    expect(request?.body).toEqual(JSON.parse(body));
  });

  it('streams chat.completion.chunk objects that the SDK iterates to the full text', async () => {
    fake.script({ text: 'Bonjour Zoë, ça va? 😀' });
    const stream = await openai().chat.completions.create({ ...chatRequest('hi'), stream: true });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);

    expect(chunks[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: '', refusal: null });
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe(
      'Bonjour Zoë, ça va? 😀',
    );
    expect(chunks.at(-1)?.choices[0]).toEqual({ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' });
    for (const chunk of chunks) {
      expect(chunk.object).toBe('chat.completion.chunk');
      expect(chunk.id).toBe(chunks[0]?.id);
      expect(chunk.system_fingerprint).toMatch(/^fp_/);
      expect(chunk.choices[0]?.logprobs).toBeNull();
    }
  });

  it('ends the raw stream with data: [DONE] and sends no usage unless include_usage is set', async () => {
    const raw = await rawPost('/v1/chat/completions', { ...chatRequest('no usage please'), stream: true });
    expect(raw.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(raw.text.endsWith('data: [DONE]\n\n')).toBe(true);
    for (const chunk of chatChunks(raw.text)) {
      expect(chunk).not.toHaveProperty('usage');
      expect(typeof chunk.obfuscation).toBe('string');
    }
  });

  it('reports usage only in an extra final chunk with empty choices when include_usage is set', async () => {
    fake.script({ text: 'counted', usage: { inputTokens: 11, outputTokens: 7 } });
    const stream = await openai().chat.completions.create({
      ...chatRequest('count me'),
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);

    const last = chunks.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 });
    for (const chunk of chunks.slice(0, -1)) expect(chunk.usage).toBeNull();
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop');
  });

  it('refuses stream_options on a non-streaming request, as OpenAI does', async () => {
    const error = await openai()
      .chat.completions.create({ ...chatRequest('x'), stream_options: { include_usage: true } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.APIError>).param).toBe('stream_options');
  });

  it('omits obfuscation when stream_options.include_obfuscation is false', async () => {
    const raw = await rawPost('/v1/chat/completions', {
      ...chatRequest('plain'),
      stream: true,
      stream_options: { include_obfuscation: false },
    });
    for (const chunk of chatChunks(raw.text)) expect(chunk).not.toHaveProperty('obfuscation');
  });

  it('streams tool calls as fragments that the stream helper accumulates', async () => {
    fake.script({
      toolCalls: [
        { name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } },
        { name: 'send_email', arguments: '{"to":"[EMAIL: k3j4h5g6]","subject":"Hi"}', id: 'call_fixedid' },
      ],
    });
    const fragments: string[] = [];
    const stream = openai().chat.completions.stream({
      ...chatRequest('weather?'),
      tools: [
        {
          type: 'function',
          function: { name: 'get_weather', parameters: { type: 'object', properties: {} } },
        },
        {
          type: 'function',
          function: { name: 'send_email', parameters: { type: 'object', properties: {} } },
        },
      ],
    });
    stream.on('chunk', (chunk) => {
      for (const call of chunk.choices[0]?.delta.tool_calls ?? [])
        fragments.push(call.function?.arguments ?? '');
    });
    const completion = await stream.finalChatCompletion();

    const choice = completion.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(choice?.message.content).toBeNull();
    const calls = (choice?.message.tool_calls ?? []).map((call) =>
      call.type === 'function' ? call : undefined,
    );
    expect(calls.map((call) => call?.function.name)).toEqual(['get_weather', 'send_email']);
    expect(calls[0]?.id).toMatch(/^call_[A-Za-z0-9]{24}$/);
    expect(calls[1]?.id).toBe('call_fixedid');
    expect(JSON.parse(calls[0]?.function.arguments ?? '')).toEqual({ city: 'Paris', unit: 'celsius' });
    expect(calls[1]?.function.arguments).toBe('{"to":"[EMAIL: k3j4h5g6]","subject":"Hi"}');
    expect(fragments.filter((fragment) => fragment.length > 0).length).toBeGreaterThan(4);
  });

  it('opens a tool-only choice with content null and the first tool call header', async () => {
    fake.script({ toolCalls: [{ name: 'lookup', arguments: '{}', argumentChunks: ['{', '}'] }] });
    const raw = await rawPost('/v1/chat/completions', { ...chatRequest('look'), stream: true });
    const deltas = chatChunks(raw.text).map((chunk) => chunk.choices[0]?.delta as Json);
    expect(deltas[0]).toMatchObject({
      role: 'assistant',
      content: null,
      refusal: null,
      tool_calls: [{ index: 0, type: 'function', function: { name: 'lookup', arguments: '' } }],
    });
    expect(deltas.slice(1, 3)).toEqual([
      { tool_calls: [{ index: 0, function: { arguments: '{' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '}' } }] },
    ]);
  });

  it('interleaves n choices in a stream and returns n choices as JSON', async () => {
    fake.script({ choices: [{ text: 'first answer here' }, { text: 'second one' }] });
    const stream = await openai().chat.completions.create({
      ...chatRequest('two please'),
      n: 2,
      stream: true,
    });
    const texts = ['', ''];
    const order: number[] = [];
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      if (!choice) continue;
      order.push(choice.index);
      texts[choice.index] += choice.delta.content ?? '';
    }
    expect(texts).toEqual(['first answer here', 'second one']);
    expect(order.slice(0, 4)).toEqual([0, 1, 0, 1]);

    const json = await openai().chat.completions.create({ ...chatRequest('echo twice'), n: 2 });
    expect(json.choices.map((choice) => [choice.index, choice.message.content])).toEqual([
      [0, 'echo twice'],
      [1, 'echo twice'],
    ]);
  });

  it('answers the Gemini OpenAI-compatible path and a bare /chat/completions path', async () => {
    const gemini = await openai('/v1beta/openai').chat.completions.create({
      ...chatRequest('gemini hi'),
      model: 'gemini-2.0-flash',
    });
    const bare = await openai('').chat.completions.create(chatRequest('bare hi'));

    expect(gemini.choices[0]?.message.content).toBe('gemini hi');
    expect(bare.choices[0]?.message.content).toBe('bare hi');
    expect(fake.requests.map((request) => request.path)).toEqual([
      '/v1beta/openai/chat/completions',
      '/chat/completions',
    ]);
  });
});

describe('text chunking', () => {
  it('streams explicit pieces exactly, e.g. a token split across deltas', async () => {
    fake.script({ chunks: ['Hi [NA', 'ME: ab12', 'cd34]', '!'] });
    const raw = await rawPost('/v1/chat/completions', { ...chatRequest('x'), stream: true });
    expect(chatTextDeltas(raw.text)).toEqual(['Hi [NA', 'ME: ab12', 'cd34]', '!']);
  });

  it('splits every character (code point) with splitEveryChar', async () => {
    fake.script({ text: 'Zoë😀', splitEveryChar: true });
    const raw = await rawPost('/v1/chat/completions', { ...chatRequest('x'), stream: true });
    expect(chatTextDeltas(raw.text)).toEqual(['Z', 'o', 'ë', '😀']);
  });

  it('splits into chunkSize characters and by words by default', async () => {
    fake.enqueue({ text: 'abcdefgh', chunkSize: 3 }, { text: 'Holiday Name: Harmony Day' });
    const sized = await rawPost('/v1/chat/completions', { ...chatRequest('x'), stream: true });
    const words = await rawPost('/v1/chat/completions', { ...chatRequest('x'), stream: true });
    expect(chatTextDeltas(sized.text)).toEqual(['abc', 'def', 'gh']);
    expect(chatTextDeltas(words.text)).toEqual(['Holiday', ' Name:', ' Harmony', ' Day']);
  });

  it('applies the same chunking to Anthropic text deltas', async () => {
    fake.script({ chunks: ['[EMAIL', ': zz99yy88]'] });
    const raw = await rawPost(
      '/v1/messages',
      { model: 'claude-haiku-4-5', max_tokens: 64, messages: [{ role: 'user', content: 'x' }], stream: true },
      ANTHROPIC_HEADERS,
    );
    expect(anthropicTextDeltas(raw.text)).toEqual(['[EMAIL', ': zz99yy88]']);
  });

  it('refuses explicit chunks that do not join to the text', async () => {
    fake.script({ text: 'abc', chunks: ['ab', 'x'] });
    const raw = await rawPost('/v1/chat/completions', { ...chatRequest('x'), stream: true });
    expect(raw.status).toBe(500);
    expect(JSON.parse(raw.text).error.type).toBe('fake_provider_error');
  });
});

describe('raw byte-level write splitting', () => {
  it('writes SSE bytes in K-byte pieces, splitting UTF-8 characters and SSE lines', async () => {
    const text = 'Zoë 😀 café';
    // Three-byte pieces always cut the four-byte emoji; the pause lets each piece arrive as its own
    // read. 1 ms was too short under a full parallel test run (two pieces arrived as one read once).
    fake.script({ text, bytesPerWrite: 3, writeDelayMs: 5 });
    const raw = await rawPost('/v1/chat/completions', {
      ...chatRequest('x'),
      stream: true,
      stream_options: { include_obfuscation: false },
    });

    expect(raw.reads.length).toBeGreaterThan(50);
    expect(Math.max(...raw.reads.map((read) => read.length))).toBeLessThanOrEqual(3);
    const strict = new TextDecoder('utf-8', { fatal: true });
    const splitsACharacter = raw.reads.some((read) => {
      try {
        strict.decode(read);
        return false;
      } catch {
        return true;
      }
    });
    expect(splitsACharacter).toBe(true);
    expect(raw.reads.some((read) => !Buffer.from(read).toString('latin1').includes('\n'))).toBe(true);
    expect(chatTextDeltas(raw.text).join('')).toBe(text);
    expect(raw.text.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('still yields the exact text through both SDKs when every byte is its own write', async () => {
    const text = 'Grüße, 山田さん 👋';
    fake.enqueue({ text, bytesPerWrite: 1 }, { text, bytesPerWrite: 1 });

    const stream = await openai().chat.completions.create({ ...chatRequest('x'), stream: true });
    let viaOpenAi = '';
    for await (const chunk of stream) viaOpenAi += chunk.choices[0]?.delta.content ?? '';

    const message = await anthropic()
      .messages.stream({
        model: 'claude-haiku-4-5',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'x' }],
      })
      .finalMessage();

    expect(viaOpenAi).toBe(text);
    expect(message.content).toHaveLength(1);
    expect(message.content[0]).toMatchObject({ type: 'text', text });
  });

  it('splits JSON bodies too, keeping content-length', async () => {
    fake.script({ text: 'split json', bytesPerWrite: 7, writeDelayMs: 1 });
    const raw = await rawPost('/v1/chat/completions', chatRequest('x'));
    expect(raw.reads.length).toBeGreaterThan(10);
    expect(Number(raw.headers.get('content-length'))).toBe(Buffer.byteLength(raw.text));
    expect(JSON.parse(raw.text).choices[0].message.content).toBe('split json');
  });
});

describe('OpenAI Responses API with the official client', () => {
  it('answers JSON with the full response object', async () => {
    const response = await openai().responses.create({
      model: 'gpt-4.1-mini',
      instructions: 'Be brief.',
      input: 'Where is [LOCATION: pq45rs67]?',
    });

    expect(response.id).toMatch(/^resp_/);
    expect(response.object).toBe('response');
    expect(response.status).toBe('completed');
    expect(response.instructions).toBe('Be brief.');
    expect(response.output_text).toBe('Where is [LOCATION: pq45rs67]?');
    expect(response.output[0]).toMatchObject({
      type: 'message',
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'Where is [LOCATION: pq45rs67]?', annotations: [] }],
    });
    expect(response.usage?.total_tokens).toBe(
      (response.usage?.input_tokens ?? 0) + (response.usage?.output_tokens ?? 0),
    );
    expect(fake.requests[0]?.route).toBe('openai-responses');
  });

  it('streams the documented event sequence with consecutive sequence numbers', async () => {
    fake.script({ text: 'Hello from the stream', chunkSize: 4 });
    const stream = openai().responses.stream({
      model: 'gpt-4.1-mini',
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'hi' }] }],
    });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    stream.on('event', (event) => events.push(event));
    const final = await stream.finalResponse();

    const types = events.map((event) => event.type);
    expect(types.slice(0, 4)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
    ]);
    expect(types.slice(-4)).toEqual([
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
    const deltas = events.filter((event) => event.type === 'response.output_text.delta');
    expect(deltas.map((event) => event.delta)).toEqual(['Hell', 'o fr', 'om t', 'he s', 'trea', 'm']);
    expect(deltas[0]).toMatchObject({ output_index: 0, content_index: 0, item_id: final.output[0]?.id });
    expect(final.output_text).toBe('Hello from the stream');
    expect(final.usage?.output_tokens).toBeGreaterThan(0);
  });

  it('streams function_call items with argument deltas', async () => {
    fake.script({ toolCalls: [{ name: 'get_weather', arguments: { city: '[LOCATION: ab12cd34]' } }] });
    const stream = openai().responses.stream({ model: 'gpt-4.1-mini', input: 'weather?' });
    const argumentDeltas: string[] = [];
    stream.on('response.function_call_arguments.delta', (event) => argumentDeltas.push(event.delta));
    const final = await stream.finalResponse();

    expect(argumentDeltas.length).toBeGreaterThan(3);
    expect(argumentDeltas.join('')).toBe('{"city":"[LOCATION: ab12cd34]"}');
    expect(final.output).toHaveLength(1);
    expect(final.output[0]).toMatchObject({
      type: 'function_call',
      status: 'completed',
      name: 'get_weather',
      arguments: '{"city":"[LOCATION: ab12cd34]"}',
    });
  });

  it('streams custom_tool_call items with raw input deltas', async () => {
    const input = 'grep -n "[NAME: ab12cd34]" hr.txt';
    fake.script({ toolCalls: [{ type: 'custom', name: 'shell', arguments: input }] });
    const stream = openai().responses.stream({ model: 'gpt-5', input: 'find them' });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    stream.on('event', (event) => events.push(event));
    const final = await stream.finalResponse();

    const types = events.map((event) => event.type);
    expect(types.slice(2, 4)).toEqual([
      'response.output_item.added',
      'response.custom_tool_call_input.delta',
    ]);
    expect(types.slice(-4)).toEqual([
      'response.custom_tool_call_input.delta',
      'response.custom_tool_call_input.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const deltas = events.filter((event) => event.type === 'response.custom_tool_call_input.delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((event) => event.delta).join('')).toBe(input);
    expect(deltas[0]).toMatchObject({ output_index: 0, item_id: final.output[0]?.id });
    expect(events.find((event) => event.type === 'response.custom_tool_call_input.done')).toMatchObject({
      input,
      output_index: 0,
    });
    expect(final.output[0]?.id).toMatch(/^ctc_/);
    expect(final.output[0]).toMatchObject({
      type: 'custom_tool_call',
      status: 'completed',
      name: 'shell',
      input,
    });
  });

  it('answers JSON custom_tool_call items', async () => {
    fake.script({ toolCalls: [{ type: 'custom', name: 'shell', arguments: 'ls -la' }] });
    const response = await openai().responses.create({ model: 'gpt-5', input: 'list' });
    expect(response.output).toEqual([
      expect.objectContaining({
        type: 'custom_tool_call',
        name: 'shell',
        input: 'ls -la',
        status: 'completed',
      }),
    ]);
  });
});

describe('Anthropic Messages with the official client', () => {
  const params = {
    model: 'claude-haiku-4-5',
    max_tokens: 256,
    system: 'You are terse.',
    messages: [
      { role: 'user' as const, content: 'earlier' },
      { role: 'assistant' as const, content: 'ok' },
      {
        role: 'user' as const,
        content: [
          { type: 'text' as const, text: 'Write to [EMAIL: k3j4h5g6]' },
          { type: 'text' as const, text: 'today' },
        ],
      },
    ],
  };

  it('answers JSON with a text block, stop_reason and usage', async () => {
    const { data, response } = await anthropic().messages.create(params).withResponse();

    expect(data.id).toMatch(/^msg_01/);
    expect(data.type).toBe('message');
    expect(data.role).toBe('assistant');
    expect(data.model).toBe('claude-haiku-4-5');
    expect(data.content).toEqual([{ type: 'text', text: 'Write to [EMAIL: k3j4h5g6]\ntoday' }]);
    expect(data.stop_reason).toBe('end_turn');
    expect(data.usage.input_tokens).toBeGreaterThan(0);
    expect(data.usage.output_tokens).toBeGreaterThan(0);
    expect(response.headers.get('request-id')).toMatch(/^req_/);
    // SDK 1.x sends the key as a Bearer token and its own pinned API version.
    expect(fake.requests[0]?.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer sk-ant-test');
  });

  it('answers JSON tool_use blocks with parsed input', async () => {
    fake.script({ text: 'Checking.', toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] });
    const message = await anthropic().messages.create(params);
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content[0]).toEqual({ type: 'text', text: 'Checking.' });
    expect(message.content[1]).toMatchObject({
      type: 'tool_use',
      name: 'get_weather',
      input: { city: 'Paris' },
    });
    expect((message.content[1] as { id: string }).id).toMatch(/^toolu_01/);
  });

  it('streams text and tool_use blocks that finalMessage assembles', async () => {
    fake.script({
      text: 'Let me look that up.',
      toolCalls: [{ name: 'lookup_user', arguments: { email: '[EMAIL: k3j4h5g6]', limit: 3 } }],
      usage: { inputTokens: 40, outputTokens: 12 },
    });
    const stream = anthropic().messages.stream(params);
    const texts: string[] = [];
    const partialJson: string[] = [];
    stream.on('text', (text) => texts.push(text));
    stream.on('inputJson', (partial) => partialJson.push(partial));
    const message = await stream.finalMessage();

    expect(texts.join('')).toBe('Let me look that up.');
    expect(partialJson.length).toBeGreaterThan(3);
    expect(message.content[0]).toMatchObject({ type: 'text', text: 'Let me look that up.' });
    expect(message.content[1]).toMatchObject({
      type: 'tool_use',
      name: 'lookup_user',
      input: { email: '[EMAIL: k3j4h5g6]', limit: 3 },
    });
    expect(message.stop_reason).toBe('tool_use');
    expect(message.usage.input_tokens).toBe(40);
    expect(message.usage.output_tokens).toBe(12);
  });

  it('sends the exact event sequence with event: lines and one ping', async () => {
    fake.script({
      text: 'a b',
      toolCalls: [{ name: 't', arguments: '{"x":1}', argumentChunks: ['{"x"', ':1}'] }],
    });
    const raw = await rawPost('/v1/messages', { ...params, stream: true }, ANTHROPIC_HEADERS);
    const events = sseEvents(raw.text);

    for (const event of events) expect((JSON.parse(event.data) as Json).type).toBe(event.event);
    expect(events.map((event) => event.event)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const payloads = events.map((event) => JSON.parse(event.data) as Json);
    expect(payloads[0]?.message.usage.input_tokens).toBeGreaterThan(0);
    expect(payloads[6]?.content_block).toMatchObject({ type: 'tool_use', name: 't', input: {} });
    expect(payloads.slice(7, 10).map((payload) => payload.delta)).toEqual([
      { type: 'input_json_delta', partial_json: '' },
      { type: 'input_json_delta', partial_json: '{"x"' },
      { type: 'input_json_delta', partial_json: ':1}' },
    ]);
    expect(payloads[11]).toMatchObject({
      delta: { stop_reason: 'tool_use', stop_sequence: null, stop_details: null },
      usage: { output_tokens: expect.any(Number) },
    });
    expect(raw.text).toContain('event: message_stop\ndata: {"type":"message_stop"}\n\n');
  });
});

describe('provider error shapes surface as the SDKs typed errors', () => {
  it('OpenAI 429 becomes RateLimitError with type, code and request id', async () => {
    fake.script({ error: { status: 429 } });
    const error = await openai()
      .chat.completions.create(chatRequest('x'))
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    const apiError = error as InstanceType<typeof OpenAI.APIError>;
    expect(apiError.status).toBe(429);
    expect(apiError.type).toBe('requests');
    expect(apiError.code).toBe('rate_limit_exceeded');
    expect(apiError.requestID).toMatch(/^req_/);
  });

  it('OpenAI 401 and 500 on chat and Responses become their typed errors', async () => {
    fake.enqueue({ error: { status: 401 } }, { error: { status: 500, message: 'boom' } });
    const unauthorized = await openai()
      .chat.completions.create(chatRequest('x'))
      .catch((caught: unknown) => caught);
    const serverError = await openai()
      .responses.create({ model: 'gpt-4.1', input: 'x' })
      .catch((caught: unknown) => caught);

    expect(unauthorized).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((unauthorized as InstanceType<typeof OpenAI.APIError>).code).toBe('invalid_api_key');
    expect(serverError).toBeInstanceOf(OpenAI.InternalServerError);
    expect((serverError as InstanceType<typeof OpenAI.APIError>).error).toEqual({
      message: 'boom',
      type: 'server_error',
      param: null,
      code: null,
    });
  });

  it('Anthropic 529 becomes OverloadedError and 429 RateLimitError, with the error envelope', async () => {
    fake.enqueue({ error: { status: 529 } }, { error: { status: 429 }, headers: { 'retry-after': '1' } });
    const request = {
      model: 'claude-haiku-4-5',
      max_tokens: 16,
      messages: [{ role: 'user' as const, content: 'x' }],
    };
    const overloaded = await anthropic()
      .messages.create(request)
      .catch((caught: unknown) => caught);
    const limited = await anthropic()
      .messages.create(request)
      .catch((caught: unknown) => caught);

    expect(overloaded).toBeInstanceOf(Anthropic.OverloadedError);
    const overloadedError = overloaded as InstanceType<typeof Anthropic.APIError>;
    expect(overloadedError.status).toBe(529);
    expect(overloadedError.error).toMatchObject({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
    expect(limited).toBeInstanceOf(Anthropic.RateLimitError);
    expect((limited as InstanceType<typeof Anthropic.APIError>).headers?.get('retry-after')).toBe('1');
  });

  it('sends a custom body verbatim, e.g. Gemini-style array-wrapped errors', async () => {
    const geminiBody = [{ error: { code: 400, message: 'API key not valid.', status: 'INVALID_ARGUMENT' } }];
    fake.script({ error: { status: 400, body: geminiBody } });
    const raw = await rawPost('/v1beta/openai/chat/completions', chatRequest('x'));
    expect(raw.status).toBe(400);
    expect(JSON.parse(raw.text)).toEqual(geminiBody);
  });

  it('rejects missing credentials and headers like the real APIs, leaving the scenario queued', async () => {
    fake.script({ text: 'scripted' });
    const noKey = await rawPost('/v1/chat/completions', chatRequest('x'), {});
    const noVersion = await rawPost(
      '/v1/messages',
      { model: 'claude-haiku-4-5', max_tokens: 8, messages: [] },
      { 'x-api-key': 'k' },
    );
    const badJson = await rawPost('/v1/chat/completions', '{"model":', OPENAI_HEADERS);
    const unknownPath = await rawPost('/v1/embeddingz', {});
    const served = await openai().chat.completions.create(chatRequest('x'));

    expect(noKey.status).toBe(401);
    expect(JSON.parse(noKey.text).error.type).toBe('invalid_request_error');
    expect(noVersion.status).toBe(400);
    expect(JSON.parse(noVersion.text)).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error' },
    });
    expect(badJson.status).toBe(400);
    expect(unknownPath.status).toBe(404);
    expect(JSON.parse(unknownPath.text).error.message).toBe('Invalid URL (POST /v1/embeddingz)');
    expect(served.choices[0]?.message.content).toBe('scripted');
    expect(fake.requests.map((request) => request.route)).toEqual([
      'openai-chat',
      'anthropic-messages',
      'openai-chat',
      'unknown',
      'openai-chat',
    ]);
  });
});

describe('mid-stream failures', () => {
  it('a broken OpenAI stream raises in the SDK after the events already sent', async () => {
    fake.script({ text: 'one two three four five', breakAfterEvents: 3 });
    const stream = await openai().chat.completions.create({ ...chatRequest('x'), stream: true });
    const received: string[] = [];
    const consume = async () => {
      for await (const chunk of stream) received.push(chunk.choices[0]?.delta.content ?? '');
    };

    await expect(consume()).rejects.toThrow();
    expect(received).toEqual(['', 'one', ' two']);
  });

  it('a broken Anthropic stream rejects finalMessage', async () => {
    fake.script({ text: 'one two three', breakAfterEvents: 4 });
    const stream = anthropic().messages.stream({
      model: 'claude-haiku-4-5',
      max_tokens: 16,
      messages: [{ role: 'user', content: 'x' }],
    });
    const texts: string[] = [];
    stream.on('text', (text) => texts.push(text));
    await expect(stream.finalMessage()).rejects.toThrow();
    expect(texts).toEqual(['one']);
  });

  it('breakAfterBytes cuts a stream inside an event', async () => {
    fake.script({ text: 'abc', breakAfterBytes: 40 });
    await expect(rawPost('/v1/chat/completions', { ...chatRequest('x'), stream: true })).rejects.toThrow();
  });

  it('an OpenAI error chunk mid-stream raises APIError', async () => {
    fake.script({
      text: 'partial answer here',
      streamError: { afterEvents: 2, message: 'upstream went away' },
    });
    const stream = await openai().chat.completions.create({ ...chatRequest('x'), stream: true });
    const consume = async () => {
      for await (const chunk of stream) void chunk;
    };
    await expect(consume()).rejects.toThrow(/upstream went away/);
  });

  it('an Anthropic error event mid-stream raises APIError with the overloaded type', async () => {
    fake.script({ text: 'partial answer here', streamError: { afterEvents: 4 } });
    const error = await anthropic()
      .messages.stream({
        model: 'claude-haiku-4-5',
        max_tokens: 16,
        messages: [{ role: 'user', content: 'x' }],
      })
      .finalMessage()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error as InstanceType<typeof Anthropic.APIError>).error).toEqual({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
  });

  it('a Responses error event mid-stream is followed by response.failed and raises', async () => {
    fake.script({ text: 'partial answer', streamError: { afterEvents: 5, code: 'server_error' } });
    const raw = await rawPost('/v1/responses', { model: 'gpt-4.1', input: 'x', stream: true });
    const names = sseEvents(raw.text).map((event) => event.event);
    expect(names.slice(-2)).toEqual(['error', 'response.failed']);

    fake.script({ text: 'partial answer', streamError: { afterEvents: 5 } });
    await expect(
      openai().responses.stream({ model: 'gpt-4.1', input: 'x' }).finalResponse(),
    ).rejects.toThrow();
  });
});

describe('timing and scenario control', () => {
  it('delays headers, so a short client timeout fires and a long one succeeds', async () => {
    fake.enqueue({ headersDelayMs: 400 }, { headersDelayMs: 50, text: 'late but fine' });
    const timedOut = await openai('/v1', 150)
      .chat.completions.create(chatRequest('x'))
      .catch((caught: unknown) => caught);
    const served = await openai('/v1', 2000).chat.completions.create(chatRequest('x'));

    expect(timedOut).toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
    expect(served.choices[0]?.message.content).toBe('late but fine');
  });

  it('hang never answers, and close() drops the hanging connection', async () => {
    const own = await startFakeProvider({ defaultScenario: { hang: true } });
    const pending = fetch(`${own.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...OPENAI_HEADERS },
      body: JSON.stringify(chatRequest('x')),
    });
    const outcome = await Promise.race([
      pending.then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 200)),
    ]);
    expect(outcome).toBe('still waiting');
    expect(own.requests).toHaveLength(1);

    await own.close();
    await expect(pending).rejects.toThrow();
  });

  it('enqueue answers in order, script replaces the queue, reset forgets everything', async () => {
    const ask = async () =>
      (await openai().chat.completions.create(chatRequest('echoed'))).choices[0]?.message.content;

    fake.enqueue({ text: 'one' }, { text: 'two' });
    expect([await ask(), await ask(), await ask()]).toEqual(['one', 'two', 'echoed']);

    fake.enqueue({ text: 'dropped' }, { text: 'dropped too' });
    fake.script({ text: 'scripted' });
    expect([await ask(), await ask()]).toEqual(['scripted', 'echoed']);

    fake.enqueue({ text: 'forgotten' });
    fake.reset();
    expect(fake.requests).toHaveLength(0);
    expect(await ask()).toBe('echoed');
  });

  it('builds the reply from a function of the recorded request and reports the scripted model', async () => {
    fake.script({
      text: (request) => `saw ${request.headers['x-trace'] ?? 'none'}`,
      model: 'gpt-4o-mini-2024-07-18',
    });
    const completion = await openai().chat.completions.create(chatRequest('x'), {
      headers: { 'X-Trace': 't-1' },
    });
    expect(completion.choices[0]?.message.content).toBe('saw t-1');
    expect(completion.model).toBe('gpt-4o-mini-2024-07-18');
  });
});
