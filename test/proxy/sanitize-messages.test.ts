import { describe, expect, it } from 'vitest';
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';
import { messagesRequestSlots } from '../../src/proxy/sanitize-messages.js';
import { changedPaths, upperCaseAll } from './changed-paths.js';

function multiTurnRequest(): MessageCreateParamsNonStreaming {
  return {
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    metadata: { user_id: 'end-user-91b2' },
    system: [
      {
        type: 'text',
        text: 'you help clinic staff with patient letters.',
        cache_control: { type: 'ephemeral' },
      },
      { type: 'text', text: 'the clinic director is dr. helen okafor.' },
    ],
    tools: [
      {
        name: 'find_patient',
        description: 'find a patient by name',
        input_schema: { type: 'object', properties: { name: { type: 'string' } } },
      },
    ],
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'write to patient james o’brien about his results' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          { type: 'image', source: { type: 'url', url: 'https://example.com/scan-james.png' } },
          {
            type: 'document',
            title: 'referral for james',
            source: {
              type: 'text',
              media_type: 'text/plain',
              data: 'referral: james o’brien, dob 1971-02-03',
            },
          },
          {
            type: 'document',
            source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0xLjQ=' },
          },
          {
            type: 'document',
            source: { type: 'content', content: [{ type: 'text', text: 'history of james: asthma' }] },
          },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'james is the patient; look him up', signature: 'sig-abc' },
          { type: 'redacted_thinking', data: 'encrypted-james' },
          { type: 'text', text: 'let me look up james.' },
          {
            type: 'tool_use',
            id: 'toolu_01',
            name: 'find_patient',
            input: {
              name: 'james o’brien',
              filters: { ward: 'b', ids: ['mrn-4471'] },
              limit: 1,
              exact: true,
            },
          },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_01',
            content: [
              { type: 'text', text: 'found james o’brien, phone 020 7946 0018' },
              { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/4AAQ' } },
              {
                type: 'search_result',
                source: 'https://intranet.example/patients/james',
                title: 'patient james',
                content: [{ type: 'text', text: 'james lives at 4 elm road' }],
              },
            ],
          },
          {
            type: 'tool_result',
            tool_use_id: 'toolu_02',
            content: 'plain result naming james',
            is_error: false,
          },
          { type: 'text', text: 'thanks, now draft the letter' },
        ],
      },
      { role: 'assistant', content: 'here is the draft for james.' },
      { role: 'user', content: 'sign it as helen okafor' },
    ],
  };
}

describe('messagesRequestSlots', () => {
  it('collects system blocks, text, documents, tool_use leaves and nested tool_result text in order', () => {
    const collection = messagesRequestSlots(multiTurnRequest());
    expect(collection.slots.map((s) => s.text)).toEqual([
      'you help clinic staff with patient letters.',
      'the clinic director is dr. helen okafor.',
      'write to patient james o’brien about his results',
      'referral: james o’brien, dob 1971-02-03',
      'history of james: asthma',
      'let me look up james.',
      'james o’brien',
      'b',
      'mrn-4471',
      'found james o’brien, phone 020 7946 0018',
      'james lives at 4 elm road',
      'plain result naming james',
      'thanks, now draft the letter',
      'here is the draft for james.',
      'sign it as helen okafor',
    ]);
  });

  it('changes exactly the owned places; thinking, images, PDFs and metadata stay', () => {
    const before = multiTurnRequest();
    const body = structuredClone(before);
    const collection = messagesRequestSlots(body);
    upperCaseAll(collection.slots);
    collection.commit();
    expect(changedPaths(before, body)).toEqual([
      'system[0].text',
      'system[1].text',
      'messages[0].content[0].text',
      'messages[0].content[3].source.data',
      'messages[0].content[5].source.content[0].text',
      'messages[1].content[2].text',
      'messages[1].content[3].input.name',
      'messages[1].content[3].input.filters.ward',
      'messages[1].content[3].input.filters.ids[0]',
      'messages[2].content[0].content[0].text',
      'messages[2].content[0].content[2].content[0].text',
      'messages[2].content[1].content',
      'messages[2].content[2].text',
      'messages[3].content',
      'messages[4].content',
    ]);
  });

  it('takes a string system prompt and string document content', () => {
    const body: MessageCreateParamsNonStreaming = {
      model: 'claude-haiku-4-5',
      max_tokens: 256,
      system: 'the account owner is priya nair.',
      messages: [
        {
          role: 'user',
          content: [{ type: 'document', source: { type: 'content', content: 'letter from priya' } }],
        },
      ],
    };
    expect(messagesRequestSlots(body).slots.map((s) => s.text)).toEqual([
      'the account owner is priya nair.',
      'letter from priya',
    ]);
  });

  it('yields nothing for a body that is not an object and never throws on odd shapes', () => {
    for (const body of [null, 'system', 3.5, [{ role: 'user', content: 'x' }]]) {
      const collection = messagesRequestSlots(body);
      expect(collection.slots).toEqual([]);
      collection.commit();
    }
    const odd: Record<string, unknown> = {
      system: 12,
      messages: [
        null,
        { role: 'user' },
        { role: 'user', content: [7, null, { type: 'text' }, { type: 'document', source: 'x' }] },
        {
          role: 'user',
          content: [{ type: 'tool_result', content: [null, { type: 'tool_result', content: 'x' }] }],
        },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', input: null },
            { type: 'search_result', content: 'x' },
          ],
        },
        { role: 'assistant', content: [{ type: 'document', source: { type: 'content', content: 4 } }] },
      ],
    };
    const before = structuredClone(odd);
    const collection = messagesRequestSlots(odd);
    expect(collection.slots).toEqual([]);
    collection.commit();
    expect(odd).toEqual(before);
    expect(messagesRequestSlots({ system: [null, { type: 'image' }], messages: {} }).slots).toEqual([]);
  });
});
