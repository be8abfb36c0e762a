import { describe, expect, it } from 'vitest';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import type { ContentBlock } from '@anthropic-ai/sdk/resources/messages';
import type { ResponseOutputItem } from 'openai/resources/responses/responses';
import {
  chatResponseSlots,
  messagesResponseSlots,
  responsesResponseSlots,
} from '../../src/proxy/restore-walkers.js';
import { changedPaths, upperCaseAll } from './changed-paths.js';

function chatCompletion(): ChatCompletion {
  return {
    id: 'chatcmpl-abc',
    object: 'chat.completion',
    created: 1_760_000_000,
    model: 'gpt-4o-mini-2024-07-18',
    system_fingerprint: 'fp_44709d6fcb',
    usage: { prompt_tokens: 120, completion_tokens: 40, total_tokens: 160 },
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        logprobs: null,
        message: {
          role: 'assistant',
          content: 'i will email [name: a1b2c3] now.',
          refusal: null,
          annotations: [
            {
              type: 'url_citation',
              url_citation: { url: 'https://ex.com/a', title: 'ex', start_index: 0, end_index: 3 },
            },
          ],
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'send_email', arguments: '{"to":"[email: d4e5f6]","subject":"hello"}' },
            },
            { id: 'call_2', type: 'custom', custom: { name: 'shell', input: 'grep [name: a1b2c3] crm.txt' } },
          ],
        },
      },
      {
        index: 1,
        finish_reason: 'function_call',
        logprobs: null,
        message: {
          role: 'assistant',
          content: null,
          refusal: null,
          function_call: { name: 'lookup', arguments: '{"who":"[name: a1b2c3]"}' },
        },
      },
    ],
  };
}

function anthropicMessage(): { content: ContentBlock[] } & Record<string, unknown> {
  return {
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 80, output_tokens: 30 },
    content: [
      { type: 'thinking', thinking: 'the user is [name: a1b2c3]', signature: 'sig-xyz' },
      { type: 'redacted_thinking', data: 'opaque-data' },
      { type: 'text', text: 'writing to [name: a1b2c3].', citations: null },
      {
        type: 'tool_use',
        id: 'toolu_1',
        name: 'send_letter',
        caller: { type: 'direct' },
        input: { recipient: { name: '[name: a1b2c3]', lines: ['[address: g7h8i9]', 'paris'] }, copies: 2 },
      },
    ],
  };
}

function responsesOutput(): { output: ResponseOutputItem[] } & Record<string, unknown> {
  return {
    id: 'resp_1',
    object: 'response',
    status: 'completed',
    model: 'gpt-4.1',
    output: [
      {
        type: 'reasoning',
        id: 'rs_1',
        summary: [{ type: 'summary_text', text: 'about [name: a1b2c3]' }],
        content: [{ type: 'reasoning_text', text: 'check [name: a1b2c3] first' }],
      },
      {
        type: 'message',
        id: 'msg_1',
        role: 'assistant',
        status: 'completed',
        content: [
          { type: 'output_text', text: 'booked for [name: a1b2c3].', annotations: [] },
          { type: 'refusal', refusal: 'no passport storage for [name: a1b2c3]' },
        ],
      },
      {
        type: 'function_call',
        call_id: 'call_1',
        name: 'book_hotel',
        arguments: '{"guest":"[name: a1b2c3]","nights":2}',
        status: 'completed',
      },
      { type: 'custom_tool_call', call_id: 'call_2', name: 'grep', input: '[name: a1b2c3]' },
      {
        type: 'mcp_call',
        id: 'mcp_1',
        name: 'lookup',
        server_label: 'crm',
        arguments: '{"who":"[name: a1b2c3]"}',
        // Written by the MCP server, not the model: left as it is.
        output: 'no record for [name: a1b2c3]',
      },
    ],
    output_text: 'booked for [name: a1b2c3].',
  };
}

describe('chatResponseSlots', () => {
  it('finds assistant text and tool-call arguments of every choice, marking raw JSON text', () => {
    const { slots } = chatResponseSlots(chatCompletion());
    expect(slots.map((s) => [s.text, s.jsonEscaped])).toEqual([
      ['i will email [name: a1b2c3] now.', false],
      ['{"to":"[email: d4e5f6]","subject":"hello"}', true],
      ['grep [name: a1b2c3] crm.txt', false],
      ['{"who":"[name: a1b2c3]"}', true],
    ]);
  });

  it('changes exactly the owned places', () => {
    const before = chatCompletion();
    const body = structuredClone(before);
    upperCaseAll(chatResponseSlots(body).slots);
    expect(changedPaths(before, body)).toEqual([
      'choices[0].message.content',
      'choices[0].message.tool_calls[0].function.arguments',
      'choices[0].message.tool_calls[1].custom.input',
      'choices[1].message.function_call.arguments',
    ]);
  });

  it('takes text parts when content is a parts array', () => {
    const body = {
      choices: [
        {
          message: {
            role: 'assistant',
            content: [{ type: 'text', text: 'hi [name: a1b2c3]' }, { type: 'image' }],
          },
        },
      ],
    };
    const { slots } = chatResponseSlots(body);
    expect(slots.map((s) => s.text)).toEqual(['hi [name: a1b2c3]']);
    slots[0]?.replace('hi Ana');
    expect(body.choices[0]?.message.content[0]).toEqual({ type: 'text', text: 'hi Ana' });
  });
});

describe('messagesResponseSlots', () => {
  it('finds text blocks and tool_use input string leaves, none of them JSON-escaped', () => {
    const { slots } = messagesResponseSlots(anthropicMessage());
    expect(slots.map((s) => [s.text, s.jsonEscaped])).toEqual([
      ['writing to [name: a1b2c3].', false],
      ['[name: a1b2c3]', false],
      ['[address: g7h8i9]', false],
      ['paris', false],
    ]);
  });

  it('changes exactly the owned places; thinking blocks keep their signed text', () => {
    const before = anthropicMessage();
    const body = structuredClone(before);
    const { slots } = messagesResponseSlots(body);
    slots[1]?.replace('Ana "the" Lopez\\');
    upperCaseAll([slots[0], slots[2], slots[3]].filter((s) => s !== undefined));
    expect(changedPaths(before, body)).toEqual([
      'content[2].text',
      'content[3].input.recipient.name',
      'content[3].input.recipient.lines[0]',
      'content[3].input.recipient.lines[1]',
    ]);
    expect(body.content[3]).toMatchObject({ input: { recipient: { name: 'Ana "the" Lopez\\' }, copies: 2 } });
  });
});

describe('responsesResponseSlots', () => {
  it('finds the model-written text of every item: messages, refusals, tool arguments and input', () => {
    const { slots } = responsesResponseSlots(responsesOutput());
    expect(slots.map((s) => [s.text, s.jsonEscaped])).toEqual([
      ['booked for [name: a1b2c3].', false],
      ['no passport storage for [name: a1b2c3]', false],
      ['{"guest":"[name: a1b2c3]","nights":2}', true],
      ['[name: a1b2c3]', false],
      ['{"who":"[name: a1b2c3]"}', true],
      ['booked for [name: a1b2c3].', false],
    ]);
  });

  it('changes exactly the owned places; reasoning and an MCP server output stay', () => {
    const before = responsesOutput();
    const body = structuredClone(before);
    upperCaseAll(responsesResponseSlots(body).slots);
    expect(changedPaths(before, body)).toEqual([
      'output[1].content[0].text',
      'output[1].content[1].refusal',
      'output[2].arguments',
      'output[3].input',
      'output[4].arguments',
      'output_text',
    ]);
  });
});

describe('restore walkers on odd input', () => {
  it('yield no slots for non-object bodies and never throw on unknown shapes', () => {
    for (const walk of [chatResponseSlots, messagesResponseSlots, responsesResponseSlots]) {
      for (const body of [null, undefined, 'text', 9, [], [{ content: 'x' }]])
        expect(walk(body).slots).toEqual([]);
    }
    const odd = {
      choices: [null, { message: null }, { message: { content: 3, tool_calls: [null, { function: 'x' }] } }],
      content: [null, { type: 'text', text: 1 }, { type: 'tool_use', input: null }],
      output: [null, { type: 'message', content: 'x' }, { type: 'function_call', arguments: {} }],
      output_text: ['x'],
    };
    const before = structuredClone(odd);
    expect(chatResponseSlots(odd).slots).toEqual([]);
    expect(messagesResponseSlots(odd).slots).toEqual([]);
    expect(responsesResponseSlots(odd).slots).toEqual([]);
    expect(odd).toEqual(before);
  });
});
