import { describe, expect, it } from 'vitest';
import type { ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses';
import { responsesRequestSlots } from '../../src/proxy/sanitize-responses.js';
import { changedPaths, upperCaseAll } from './changed-paths.js';

function multiTurnRequest(): ResponseCreateParamsNonStreaming {
  return {
    model: 'gpt-4.1',
    instructions: 'you book travel for employees of northwind.',
    store: false,
    tools: [
      {
        type: 'function',
        name: 'book_flight',
        strict: true,
        parameters: { type: 'object', properties: { passenger: { type: 'string' } } },
      },
    ],
    input: [
      { role: 'developer', content: 'the traveller policy allows economy only.' },
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'book a flight for kenji tanaka, passport tz1234567' },
          { type: 'input_image', image_url: 'https://example.com/passport-kenji.jpg', detail: 'auto' },
          { type: 'input_file', file_id: 'file-kenji-visa' },
        ],
      },
      {
        type: 'reasoning',
        id: 'rs_1',
        summary: [{ type: 'summary_text', text: 'kenji needs a flight' }],
        encrypted_content: 'gAAAA-kenji',
      },
      {
        type: 'message',
        id: 'msg_1',
        role: 'assistant',
        status: 'completed',
        content: [
          { type: 'output_text', text: 'booking for kenji now.', annotations: [] },
          { type: 'refusal', refusal: 'i will not store the passport of kenji.' },
        ],
      },
      {
        type: 'function_call',
        call_id: 'call_1',
        name: 'book_flight',
        arguments: '{"passenger":"kenji tanaka","seats":1,"loyalty":{"number":"nw-88812"}}',
      },
      { type: 'function_call_output', call_id: 'call_1', output: 'booked seat 14c for kenji tanaka' },
      {
        type: 'function_call',
        call_id: 'call_2',
        name: 'notify',
        arguments: 'send to kenji.tanaka@example.jp',
      },
      {
        type: 'function_call_output',
        call_id: 'call_2',
        output: [
          { type: 'input_text', text: 'mail sent to kenji' },
          { type: 'input_image', image_url: 'https://example.com/receipt-kenji.png', detail: 'low' },
        ],
      },
      { type: 'custom_tool_call', call_id: 'call_3', name: 'grep', input: 'kenji tanaka' },
      { type: 'custom_tool_call_output', call_id: 'call_3', output: 'hr.txt: kenji tanaka, grade 5' },
      {
        type: 'mcp_call',
        id: 'mcp_1',
        name: 'crm_lookup',
        server_label: 'crm',
        arguments: '{"name":"kenji tanaka"}',
        output: 'kenji tanaka, account 4471',
      },
      {
        type: 'mcp_approval_request',
        id: 'mcpr_1',
        name: 'crm_update',
        server_label: 'crm',
        arguments: '{"name":"kenji tanaka","tier":"gold"}',
      },
      { type: 'mcp_approval_response', approval_request_id: 'mcpr_1', approve: true },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'also book a hotel' }] },
      { type: 'item_reference', id: 'msg_kenji_old' },
    ],
    prompt: {
      id: 'pmpt_travel',
      variables: {
        traveller: 'kenji tanaka',
        note: { type: 'input_text', text: 'vip kenji' },
        photo: { type: 'input_image', image_url: 'https://example.com/kenji.png', detail: 'auto' },
      },
    },
  };
}

describe('responsesRequestSlots', () => {
  it('collects instructions, message parts, tool arguments and outputs, and prompt variables in order', () => {
    const collection = responsesRequestSlots(multiTurnRequest());
    expect(collection.slots.map((s) => s.text)).toEqual([
      'you book travel for employees of northwind.',
      'the traveller policy allows economy only.',
      'book a flight for kenji tanaka, passport tz1234567',
      'booking for kenji now.',
      'i will not store the passport of kenji.',
      'kenji tanaka',
      'nw-88812',
      'booked seat 14c for kenji tanaka',
      'send to kenji.tanaka@example.jp',
      'mail sent to kenji',
      'kenji tanaka',
      'hr.txt: kenji tanaka, grade 5',
      'kenji tanaka',
      'kenji tanaka, account 4471',
      'kenji tanaka',
      'gold',
      'also book a hotel',
      'kenji tanaka',
      'vip kenji',
    ]);
  });

  it('changes exactly the owned places; reasoning, images, files, approvals and references stay', () => {
    const before = multiTurnRequest();
    const body = structuredClone(before);
    const collection = responsesRequestSlots(body);
    upperCaseAll(collection.slots);
    collection.commit();
    expect(changedPaths(before, body)).toEqual([
      'instructions',
      'input[0].content',
      'input[1].content[0].text',
      'input[3].content[0].text',
      'input[3].content[1].refusal',
      'input[4].arguments',
      'input[5].output',
      'input[6].arguments',
      'input[7].output[0].text',
      'input[8].input',
      'input[9].output',
      'input[10].arguments',
      'input[10].output',
      'input[11].arguments',
      'input[13].content[0].text',
      'prompt.variables.traveller',
      'prompt.variables.note.text',
    ]);
    const call = Array.isArray(body.input) ? body.input[4] : undefined;
    expect(call).toMatchObject({
      arguments: '{"passenger":"KENJI TANAKA","seats":1,"loyalty":{"number":"NW-88812"}}',
    });
  });

  it('takes a string input', () => {
    const body: ResponseCreateParamsNonStreaming = { model: 'gpt-4.1-mini', input: 'email ana@example.com' };
    const collection = responsesRequestSlots(body);
    expect(collection.slots.map((s) => s.text)).toEqual(['email ana@example.com']);
    collection.slots[0]?.replace('email [EMAIL: r4t5y6]');
    expect(body.input).toBe('email [EMAIL: r4t5y6]');
  });

  it('yields nothing for a body that is not an object and never throws on odd shapes', () => {
    for (const body of [null, 'input', true, []]) {
      const collection = responsesRequestSlots(body);
      expect(collection.slots).toEqual([]);
      collection.commit();
    }
    const odd: Record<string, unknown> = {
      instructions: null,
      input: [
        null,
        'x',
        { content: 'no role' },
        { type: 'message', role: 'user', content: 5 },
        { type: 'function_call' },
      ],
      prompt: { variables: ['x'] },
    };
    const before = structuredClone(odd);
    const collection = responsesRequestSlots(odd);
    expect(collection.slots).toEqual([]);
    collection.commit();
    expect(odd).toEqual(before);
    expect(responsesRequestSlots({ input: 3, prompt: 'p' }).slots).toEqual([]);
  });
});
