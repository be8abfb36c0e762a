import { describe, expect, it } from 'vitest';
import { placePretext } from '../../src/proxy/pretext-placement.js';

const PRETEXT = 'Text like [EMAIL: a1b2c3] is a placeholder for personal data; keep it exactly as written.';

function userTurn() {
  return { role: 'user', content: 'write to [NAME: q1w2e3]' };
}

describe('placePretext for chat', () => {
  it('inserts a system message at index 0 when the first message is not system/developer', () => {
    const body: Record<string, unknown> = { model: 'gpt-4o', messages: [userTurn()] };
    placePretext('chat', body, PRETEXT);
    expect(body.messages).toEqual([{ role: 'system', content: PRETEXT }, userTurn()]);
  });

  it('inserts a system message when a system message exists but is not leading', () => {
    const body: Record<string, unknown> = {
      messages: [userTurn(), { role: 'system', content: 'late rules' }],
    };
    placePretext('chat', body, PRETEXT);
    expect(body.messages).toEqual([
      { role: 'system', content: PRETEXT },
      userTurn(),
      { role: 'system', content: 'late rules' },
    ]);
  });

  it('appends to a leading system message with string content', () => {
    const body: Record<string, unknown> = {
      messages: [{ role: 'system', content: 'be brief.' }, userTurn()],
    };
    placePretext('chat', body, PRETEXT);
    expect(body.messages).toEqual([{ role: 'system', content: `be brief.\n\n${PRETEXT}` }, userTurn()]);
  });

  it('adds a text part to a leading developer message with parts', () => {
    const body: Record<string, unknown> = {
      messages: [
        { role: 'developer', name: 'ops', content: [{ type: 'text', text: 'be brief.' }] },
        userTurn(),
      ],
    };
    placePretext('chat', body, PRETEXT);
    expect(body.messages).toEqual([
      {
        role: 'developer',
        name: 'ops',
        content: [
          { type: 'text', text: 'be brief.' },
          { type: 'text', text: PRETEXT },
        ],
      },
      userTurn(),
    ]);
  });

  it('sets the content of a leading system message that has none', () => {
    const body: Record<string, unknown> = { messages: [{ role: 'system', content: '' }, userTurn()] };
    placePretext('chat', body, PRETEXT);
    expect(body.messages).toEqual([{ role: 'system', content: PRETEXT }, userTurn()]);
  });

  it('inserts into an empty message list and leaves a body without one alone', () => {
    const empty: Record<string, unknown> = { messages: [] };
    placePretext('chat', empty, PRETEXT);
    expect(empty.messages).toEqual([{ role: 'system', content: PRETEXT }]);
    const none: Record<string, unknown> = { model: 'gpt-4o', messages: 'hello' };
    placePretext('chat', none, PRETEXT);
    expect(none).toEqual({ model: 'gpt-4o', messages: 'hello' });
  });
});

describe('placePretext for messages', () => {
  it('sets `system` when absent, never touching the user turns', () => {
    const body: Record<string, unknown> = { model: 'claude-sonnet-4-5', messages: [userTurn()] };
    placePretext('messages', body, PRETEXT);
    expect(body).toEqual({ model: 'claude-sonnet-4-5', system: PRETEXT, messages: [userTurn()] });
  });

  it('appends to a string `system`', () => {
    const body: Record<string, unknown> = { system: 'you are a nurse assistant.', messages: [userTurn()] };
    placePretext('messages', body, PRETEXT);
    expect(body.system).toBe(`you are a nurse assistant.\n\n${PRETEXT}`);
    expect(body.messages).toEqual([userTurn()]);
  });

  it('adds a text block after cached system blocks', () => {
    const body: Record<string, unknown> = {
      system: [{ type: 'text', text: 'long policy', cache_control: { type: 'ephemeral' } }],
      messages: [userTurn()],
    };
    placePretext('messages', body, PRETEXT);
    expect(body.system).toEqual([
      { type: 'text', text: 'long policy', cache_control: { type: 'ephemeral' } },
      { type: 'text', text: PRETEXT },
    ]);
  });

  it('leaves a `system` of an unknown shape alone', () => {
    const body: Record<string, unknown> = { system: 7, messages: [userTurn()] };
    placePretext('messages', body, PRETEXT);
    expect(body).toEqual({ system: 7, messages: [userTurn()] });
  });
});

describe('placePretext for responses', () => {
  it('sets `instructions` when absent or null and never touches `input`', () => {
    for (const instructions of [undefined, null]) {
      const body: Record<string, unknown> = { model: 'gpt-4.1', input: 'hi [NAME: q1w2e3]' };
      if (instructions === null) body.instructions = null;
      placePretext('responses', body, PRETEXT);
      expect(body).toEqual({ model: 'gpt-4.1', input: 'hi [NAME: q1w2e3]', instructions: PRETEXT });
    }
  });

  it('appends to existing `instructions`, leaving input items alone', () => {
    const input = [{ role: 'system', content: 'item-level rules' }, userTurn()];
    const body: Record<string, unknown> = {
      instructions: 'answer in french.',
      input: structuredClone(input),
    };
    placePretext('responses', body, PRETEXT);
    expect(body).toEqual({ instructions: `answer in french.\n\n${PRETEXT}`, input });
  });
});
