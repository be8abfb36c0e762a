import { describe, expect, it } from 'vitest';
import { chatStreamRewriter } from '../../src/relay/chat-stream.js';
import type { TokenLookup } from '../../src/relay/restore-text.js';
import type { SseEvent } from '../../src/relay/stream-rewriter.js';
import { chatResponseSlots } from '../../src/proxy/restore-walkers.js';
import { restoreSlots } from '../../src/relay/restore-json.js';

// A quote and a backslash: raw in free text, escaped inside JSON arguments.
const values: Record<string, string> = { k3j9x2m4: 'Zoë "Z" Ünal\\' };
const lookup: TokenLookup = (id) => values[id];
const REFUSAL = 'I cannot look up where [NAME: k3j9x2m4] lives.';
const RESTORED_REFUSAL = `I cannot look up where ${values.k3j9x2m4} lives.`;
const ARGS = '{"person":"[NAME: k3j9x2m4]","fields":["address"]}';

type Delta = Record<string, unknown>;

/** A chat stream: one chunk per delta, then the finish chunk and [DONE]. */
function chunks(deltas: Delta[], finishReason: string): SseEvent[] {
  const chunk = (delta: Delta, finish: string | null) => ({
    data: JSON.stringify({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'gpt-4o-mini',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    }),
  });
  return [
    chunk({ role: 'assistant', content: null }, null),
    ...deltas.map((d) => chunk(d, null)),
    chunk({}, finishReason),
    { data: '[DONE]' },
  ];
}

/** What the client receives, as parsed deltas up to the finish chunk (which must come last). */
function relay(events: SseEvent[]): Delta[] {
  const rewriter = chatStreamRewriter({ lookup, dropUsageChunk: false });
  const out = [...events.flatMap((e) => rewriter.onEvent(e)), ...rewriter.onEnd()];
  expect(out.at(-1)?.data).toBe('[DONE]');
  const parsed = out
    .slice(0, -1)
    .map((e) => JSON.parse(e.data) as { choices: { delta: Delta; finish_reason: string | null }[] });
  expect(parsed.at(-1)?.choices[0]?.finish_reason).not.toBeNull();
  return parsed.map((p) => p.choices[0]!.delta);
}

describe('chat stream: refusals and legacy function calls', () => {
  it('restores a refusal split at every position, holding back only a possible token', () => {
    for (let cut = 0; cut <= REFUSAL.length; cut++) {
      const deltas = relay(
        chunks([{ refusal: REFUSAL.slice(0, cut) }, { refusal: REFUSAL.slice(cut) }], 'stop'),
      );
      const refusals = deltas.flatMap((d) => (typeof d.refusal === 'string' ? [d.refusal] : []));
      expect(refusals.join('')).toBe(RESTORED_REFUSAL);
      expect(refusals.filter((r) => r.includes('[NAME'))).toEqual([]);
    }
  });

  it('flushes held refusal text as its own chunk right before the finish chunk', () => {
    const deltas = relay(chunks([{ refusal: 'not for [NAME: k3j9x2m4' }], 'stop'));
    expect(deltas.slice(1)).toEqual([{ refusal: 'not for ' }, { refusal: '[NAME: k3j9x2m4' }, {}]);
  });

  it('restores legacy function_call arguments JSON-escaped, split at every position', () => {
    for (let cut = 0; cut <= ARGS.length; cut++) {
      const deltas = relay(
        chunks(
          [
            { function_call: { name: 'lookup', arguments: '' } },
            { function_call: { arguments: ARGS.slice(0, cut) } },
            { function_call: { arguments: ARGS.slice(cut) } },
          ],
          'function_call',
        ),
      );
      const args = deltas
        .map((d) => (d.function_call as { arguments?: string } | undefined)?.arguments ?? '')
        .join('');
      expect(JSON.parse(args)).toEqual({ person: values.k3j9x2m4, fields: ['address'] });
    }
  });

  it('restores the refusal of a whole (non-streamed) answer', () => {
    const body = {
      choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: REFUSAL } }],
    };
    expect(restoreSlots(chatResponseSlots(body).slots, lookup)).toBe(1);
    expect(body.choices[0]!.message.refusal).toBe(RESTORED_REFUSAL);
  });
});
