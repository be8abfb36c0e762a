import { describe, expect, it } from 'vitest';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { chatRequestSlots } from '../../src/proxy/sanitize-chat.js';
import { changedPaths, upperCaseAll } from './changed-paths.js';

function multiTurnRequest(): ChatCompletionCreateParamsNonStreaming {
  return {
    model: 'gpt-4o-mini',
    temperature: 0.2,
    user: 'end-user-7f3a',
    tools: [
      {
        type: 'function',
        function: {
          name: 'lookup_customer',
          description: 'find a customer record by email',
          parameters: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
        },
      },
    ],
    messages: [
      { role: 'system', content: 'you are a support agent for acme bank.' },
      { role: 'developer', content: [{ type: 'text', text: 'always confirm the customer name.' }] },
      {
        role: 'user',
        name: 'maria_garcia',
        content: [
          { type: 'text', text: 'hi, i am maria garcia, my email is maria.garcia@example.org' },
          { type: 'image_url', image_url: { url: 'https://example.com/id-card-maria.png', detail: 'high' } },
          { type: 'input_audio', input_audio: { data: 'c29tZSBhdWRpbw==', format: 'wav' } },
          { type: 'file', file: { file_id: 'file-abc123', filename: 'statement-maria.pdf' } },
          { type: 'text', text: 'my iban is de89 3704 0044 0532 0130 00' },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_abc',
            type: 'function',
            function: {
              name: 'lookup_customer',
              arguments: '{"email": "maria.garcia@example.org", "include": ["address", "phone"], "limit": 1}',
            },
          },
          {
            id: 'call_def',
            type: 'function',
            function: { name: 'free_text_note', arguments: 'note: customer maria called about her card' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_abc', content: '{"name":"maria garcia","phone":"+49 30 1234567"}' },
      { role: 'tool', tool_call_id: 'call_def', content: [{ type: 'text', text: 'note saved for maria' }] },
      {
        role: 'assistant',
        name: 'agent_smith',
        content: [
          { type: 'text', text: 'thanks maria, i found your record.' },
          { type: 'refusal', refusal: 'i cannot share the card number of maria.' },
        ],
        function_call: { name: 'legacy_lookup', arguments: '{"customer": "maria garcia"}' },
      },
      { role: 'function', name: 'legacy_lookup', content: 'customer maria garcia, born 1984-03-12' },
      {
        role: 'assistant',
        content: 'sure.',
        tool_calls: [
          { id: 'call_xyz', type: 'custom', custom: { name: 'sql', input: "select * where name='maria'" } },
        ],
      },
      { role: 'user', content: 'please update my address to 12 rue de la paix, paris' },
    ],
  };
}

describe('chatRequestSlots', () => {
  it('collects every text place of a multi-turn conversation with tool calls, in order', () => {
    const collection = chatRequestSlots(multiTurnRequest());
    expect(collection.slots.map((s) => s.text)).toEqual([
      'you are a support agent for acme bank.',
      'always confirm the customer name.',
      'hi, i am maria garcia, my email is maria.garcia@example.org',
      'my iban is de89 3704 0044 0532 0130 00',
      'maria.garcia@example.org',
      'address',
      'phone',
      'note: customer maria called about her card',
      '{"name":"maria garcia","phone":"+49 30 1234567"}',
      'note saved for maria',
      'thanks maria, i found your record.',
      'i cannot share the card number of maria.',
      'maria garcia',
      'customer maria garcia, born 1984-03-12',
      'sure.',
      "select * where name='maria'",
      'please update my address to 12 rue de la paix, paris',
    ]);
  });

  it('changes exactly the owned places and keeps tool arguments valid JSON', () => {
    const before = multiTurnRequest();
    const body = structuredClone(before);
    const collection = chatRequestSlots(body);
    upperCaseAll(collection.slots);
    collection.commit();

    expect(changedPaths(before, body)).toEqual([
      'messages[0].content',
      'messages[1].content[0].text',
      'messages[2].content[0].text',
      'messages[2].content[4].text',
      'messages[3].tool_calls[0].function.arguments',
      'messages[3].tool_calls[1].function.arguments',
      'messages[4].content',
      'messages[5].content[0].text',
      'messages[6].content[0].text',
      'messages[6].content[1].refusal',
      'messages[6].function_call.arguments',
      'messages[7].content',
      'messages[8].content',
      'messages[8].tool_calls[0].custom.input',
      'messages[9].content',
    ]);
    const assistant = body.messages[3];
    if (assistant?.role !== 'assistant' || assistant.tool_calls?.[0]?.type !== 'function')
      throw new Error('shape');
    expect(assistant.tool_calls[0].function.arguments).toBe(
      '{"email": "MARIA.GARCIA@EXAMPLE.ORG", "include": ["ADDRESS", "PHONE"], "limit": 1}',
    );
    expect(JSON.parse(assistant.tool_calls[0].function.arguments)).toEqual({
      email: 'MARIA.GARCIA@EXAMPLE.ORG',
      include: ['ADDRESS', 'PHONE'],
      limit: 1,
    });
    expect(assistant.tool_calls[1]).toMatchObject({
      function: { arguments: 'NOTE: CUSTOMER MARIA CALLED ABOUT HER CARD' },
    });
  });

  it('sanitizes predicted output content (string or text parts)', () => {
    const body: ChatCompletionCreateParamsNonStreaming = {
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'rewrite the letter to john' }],
      prediction: { type: 'content', content: [{ type: 'text', text: 'dear john doe,' }] },
    };
    const collection = chatRequestSlots(body);
    expect(collection.slots.map((s) => s.text)).toEqual(['rewrite the letter to john', 'dear john doe,']);
  });

  it('yields nothing for a body that is not an object and never throws on odd shapes', () => {
    for (const body of [null, undefined, 'messages', 42, [], [{ role: 'user', content: 'x' }]]) {
      const collection = chatRequestSlots(body);
      expect(collection.slots).toEqual([]);
      collection.commit();
    }
    const odd: Record<string, unknown> = {
      messages: [
        null,
        7,
        'text',
        { role: 'user', content: 12 },
        { role: 'user', content: [null, 'loose', { type: 'text', text: 5 }, { type: 'text' }] },
        { role: 'assistant', tool_calls: 'none', function_call: null },
        {
          role: 'assistant',
          tool_calls: [null, { function: null }, { function: { arguments: { a: 'b' } } }],
        },
      ],
      prediction: 'nope',
    };
    const before = structuredClone(odd);
    const collection = chatRequestSlots(odd);
    expect(collection.slots).toEqual([]);
    collection.commit();
    expect(odd).toEqual(before);
    expect(chatRequestSlots({ messages: 'hello' }).slots).toEqual([]);
  });

  it('leaves unchanged arguments byte for byte when detection finds nothing', () => {
    const before = multiTurnRequest();
    const body = structuredClone(before);
    const collection = chatRequestSlots(body);
    for (const slot of collection.slots) slot.replace(slot.text);
    collection.commit();
    expect(body).toEqual(before);
  });
});
