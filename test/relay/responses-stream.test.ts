import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { responsesStreamRewriter } from '../../src/relay/responses-stream.js';
import { restoreText, type TokenLookup } from '../../src/relay/restore-text.js';
import type { SseEvent } from '../../src/relay/stream-rewriter.js';
import { chunkings, tokenizedText } from './stream-arbitraries.js';

// Quotes, a backslash and a newline: written raw into free text, escaped only inside JSON.
const values: Record<string, string> = {
  k3j9x2m4: 'Zoë "Z" Ünal\\',
  q1w2e3r4: 'zoë@exämple.com\n',
};
const lookup: TokenLookup = (id) => values[id];

const INPUT = '*** Begin Patch\n+to: [NAME: k3j9x2m4] <[EMAIL:  Q1W2E3R4]>\n*** End Patch';
const RESTORED = '*** Begin Patch\n+to: Zoë "Z" Ünal\\ <zoë@exämple.com\n>\n*** End Patch';

type Payload = Record<string, unknown> & { type: string };

const customItem = (id: string, input: string, status = 'completed') => ({
  id,
  type: 'custom_tool_call',
  status,
  call_id: `call_${id}`,
  input,
  name: 'apply_patch',
});

/** One custom tool call's events, from `output_item.added` to `output_item.done`, in the API's order. */
function customCall(id: string, output: number, chunks: string[]): Payload[] {
  const input = chunks.join('');
  const where = { item_id: id, output_index: output };
  return [
    { type: 'response.output_item.added', output_index: output, item: customItem(id, '', 'in_progress') },
    ...chunks.map((delta) => ({ type: 'response.custom_tool_call_input.delta', ...where, delta })),
    { type: 'response.custom_tool_call_input.done', ...where, input },
    { type: 'response.output_item.done', output_index: output, item: customItem(id, input) },
  ];
}

/** A whole stream around the given item events; `response.completed` lists the items whole. */
function stream(itemEvents: Payload[], output: unknown[]): Payload[] {
  const response = (status: string, out: unknown[]) => ({
    id: 'resp_1',
    object: 'response',
    status,
    output: out,
  });
  return [
    { type: 'response.created', response: response('in_progress', []) },
    { type: 'response.in_progress', response: response('in_progress', []) },
    ...itemEvents,
    { type: 'response.completed', response: response('completed', output) },
  ];
}

/** Relays the payloads (numbered from 0) through the rewriter; returns what the client receives, parsed. */
function relay(payloads: Payload[], restoreWith: TokenLookup | null = lookup): Payload[] {
  const rewriter = responsesStreamRewriter({ lookup: restoreWith, dropUsageChunk: false });
  const events: SseEvent[] = [];
  payloads.forEach((payload, sequence_number) => {
    const event = { event: payload.type, data: JSON.stringify({ ...payload, sequence_number }) };
    events.push(...rewriter.onEvent(event));
  });
  events.push(...rewriter.onEnd());
  return events.map((event) => {
    const data = JSON.parse(event.data) as Payload;
    expect(event.event).toBe(data.type);
    return data;
  });
}

const ofType = (events: Payload[], type: string, itemId?: string) =>
  events.filter((e) => e.type === type && (itemId === undefined || e.item_id === itemId));
const deltasOf = (events: Payload[], itemId: string) =>
  ofType(events, 'response.custom_tool_call_input.delta', itemId).map((e) => e.delta as string);
const doneOf = (events: Payload[], itemId: string) =>
  ofType(events, 'response.custom_tool_call_input.done', itemId)[0]?.input;
const itemDoneOf = (events: Payload[], output: number) =>
  (
    ofType(events, 'response.output_item.done').find((e) => e.output_index === output)?.item as {
      input: string;
    }
  ).input;
const completedOutput = (events: Payload[]) =>
  (ofType(events, 'response.completed')[0]?.response as { output: Record<string, unknown>[] }).output;

function expectConsecutive(events: Payload[]) {
  expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
}

/** Every delta of the item comes before its `.done` event, and that one before its `output_item.done`. */
function expectOrdered(events: Payload[], itemId: string, output: number) {
  const done = events.findIndex(
    (e) => e.type === 'response.custom_tool_call_input.done' && e.item_id === itemId,
  );
  const lastDelta = events.findLastIndex(
    (e) => e.type === 'response.custom_tool_call_input.delta' && e.item_id === itemId,
  );
  const itemDone = events.findIndex(
    (e) => e.type === 'response.output_item.done' && e.output_index === output,
  );
  expect(lastDelta).toBeLessThan(done);
  expect(done).toBeLessThan(itemDone);
}

describe('responses stream: custom tool call input', () => {
  it('restores a token split across two deltas at every position, as raw text', () => {
    for (let cut = 0; cut <= INPUT.length; cut += 1) {
      const chunks = [INPUT.slice(0, cut), INPUT.slice(cut)];
      const events = relay(stream(customCall('ctc_1', 0, chunks), [customItem('ctc_1', INPUT)]));
      const deltas = deltasOf(events, 'ctc_1');
      expect(deltas.join('')).toBe(RESTORED);
      // Every token is known, so a '[' or ']' in a delta would be part of a token let through.
      expect(deltas.filter((d) => /[[\]]/.test(d))).toEqual([]);
      expect(doneOf(events, 'ctc_1')).toBe(RESTORED);
      expect(itemDoneOf(events, 0)).toBe(RESTORED);
      expect(completedOutput(events)[0]?.input).toBe(RESTORED);
      expectConsecutive(events);
      expectOrdered(events, 'ctc_1', 0);
    }
  });

  it('restores one-code-unit deltas and holds back no more than a possible token', () => {
    const chunks = INPUT.split('');
    const events = relay(stream(customCall('ctc_1', 0, chunks), [customItem('ctc_1', INPUT)]));
    const deltas = deltasOf(events, 'ctc_1');
    expect(deltas.join('')).toBe(RESTORED);
    // Text outside tokens passes at once: '*' goes out with the delta that carried it.
    expect(deltas.slice(0, 3)).toEqual(['*', '*', '*']);
    // While a token is open its deltas are empty; the token's last character releases the whole value.
    expect(deltas).toContain('Zoë "Z" Ünal\\');
    expect(deltas).toContain('zoë@exämple.com\n');
    expectConsecutive(events);
  });

  it('inserts the held text as its own delta right before the done event', () => {
    const input = 'to [NAME: k3j9x2m4';
    const chunks = [input, ']'];
    // The upstream done event never follows a delta that still holds text; cut the last delta off.
    const payloads = stream(customCall('ctc_1', 0, chunks), [customItem('ctc_1', `${input}]`)]).filter(
      (p) => !(p.type === 'response.custom_tool_call_input.delta' && p.delta === ']'),
    );
    const events = relay(payloads);
    const done = events.findIndex((e) => e.type === 'response.custom_tool_call_input.done');
    expect(events[done - 1]).toEqual({
      type: 'response.custom_tool_call_input.delta',
      item_id: 'ctc_1',
      output_index: 0,
      delta: '[NAME: k3j9x2m4',
      sequence_number: done - 1,
    });
    expect(deltasOf(events, 'ctc_1')).toEqual(['to ', '[NAME: k3j9x2m4']);
    expect(doneOf(events, 'ctc_1')).toBe('to Zoë "Z" Ünal\\');
    expectConsecutive(events);
  });

  it('keeps several custom tool calls apart when their deltas interleave by output_index', () => {
    const inputs = [
      'mail [EMAIL: q1w2e3r4] now',
      '[NAME: k3j9x2m4] and [NAME: K3J9X2M4]',
      'no tokens [1] arr[i]',
    ];
    const calls = inputs.map((input, output) =>
      customCall(`ctc_${output}`, output, input.match(/[\s\S]{1,3}/g) ?? []),
    );
    const added = calls.map((events) => events[0]!);
    const deltas = calls.map((events) => events.slice(1, -2));
    const longest = Math.max(...deltas.map((d) => d.length));
    const interleaved = Array.from({ length: longest }, (_, i) => deltas.flatMap((d) => d[i] ?? []));
    // The items close out of order: 1, then 0 and 2.
    const closing = [1, 0, 2].flatMap((output) => calls[output]!.slice(-2));
    const payloads = stream(
      [...added, ...interleaved.flat(), ...closing],
      inputs.map((input, output) => customItem(`ctc_${output}`, input)),
    );
    const events = relay(payloads);
    const restored = inputs.map((input) => restoreText(input, lookup).text);
    expect(restored[1]).toBe('Zoë "Z" Ünal\\ and Zoë "Z" Ünal\\');
    inputs.forEach((_, output) => {
      const id = `ctc_${output}`;
      expect(deltasOf(events, id).join('')).toBe(restored[output]);
      expect(doneOf(events, id)).toBe(restored[output]);
      expect(itemDoneOf(events, output)).toBe(restored[output]);
      expect(completedOutput(events)[output]?.input).toBe(restored[output]);
      for (const delta of ofType(events, 'response.custom_tool_call_input.delta', id))
        expect(delta.output_index).toBe(output);
      expectOrdered(events, id, output);
    });
    expectConsecutive(events);
  });

  it('writes values raw into custom input but JSON-escaped into function-call arguments', () => {
    const args = JSON.stringify({ to: '[NAME: k3j9x2m4]' });
    const functionItem = (a: string) => ({
      id: 'fc_1',
      type: 'function_call',
      call_id: 'c1',
      name: 'mail',
      arguments: a,
    });
    const functionEvents: Payload[] = [
      { type: 'response.output_item.added', output_index: 1, item: functionItem('') },
      ...[args.slice(0, 12), args.slice(12)].map((delta) => ({
        type: 'response.function_call_arguments.delta',
        item_id: 'fc_1',
        output_index: 1,
        delta,
      })),
      { type: 'response.function_call_arguments.done', item_id: 'fc_1', output_index: 1, arguments: args },
      { type: 'response.output_item.done', output_index: 1, item: functionItem(args) },
    ];
    const chunks = ['to [NAME: k3', 'j9x2m4]'];
    const events = relay(
      stream(
        [...customCall('ctc_0', 0, chunks), ...functionEvents],
        [customItem('ctc_0', chunks.join('')), functionItem(args)],
      ),
    );
    const value = values.k3j9x2m4!;
    expect(deltasOf(events, 'ctc_0').join('')).toBe(`to ${value}`);
    const streamedArgs = ofType(events, 'response.function_call_arguments.delta')
      .map((e) => e.delta)
      .join('');
    expect(JSON.parse(streamedArgs)).toEqual({ to: value });
    expect(
      JSON.parse(ofType(events, 'response.function_call_arguments.done')[0]!.arguments as string),
    ).toEqual({
      to: value,
    });
    expect(completedOutput(events)[0]?.input).toBe(`to ${value}`);
    expect(JSON.parse(completedOutput(events)[1]!.arguments as string)).toEqual({ to: value });
    expectConsecutive(events);
  });

  it('flushes held input before output_item.done when the input done event is missing', () => {
    const payloads = stream(customCall('ctc_1', 0, ['x [NAME: k3j9x2m4', ']']), [
      customItem('ctc_1', 'x [NAME: k3j9x2m4]'),
    ]).filter((p) => p.type !== 'response.custom_tool_call_input.done' && p.delta !== ']');
    const events = relay(payloads);
    const itemDone = events.findIndex((e) => e.type === 'response.output_item.done');
    expect(events[itemDone - 1]).toMatchObject({
      type: 'response.custom_tool_call_input.delta',
      item_id: 'ctc_1',
      delta: '[NAME: k3j9x2m4',
    });
    expect(itemDoneOf(events, 0)).toBe('x Zoë "Z" Ünal\\');
    expectConsecutive(events);
  });

  it('sends held input at the end of a stream that stops without its done events', () => {
    const payloads = customCall('ctc_1', 0, ['a [NAME: k3j9']).slice(0, 2);
    const events = relay(payloads);
    expect(deltasOf(events, 'ctc_1')).toEqual(['a ', '[NAME: k3j9']);
    expectConsecutive(events);
  });

  it('drops held input at a break: half a token never goes out', () => {
    const rewriter = responsesStreamRewriter({ lookup, dropUsageChunk: false });
    const delta = { type: 'response.custom_tool_call_input.delta', item_id: 'ctc_1', output_index: 0 };
    const out = rewriter.onEvent({
      data: JSON.stringify({ ...delta, delta: 'a [NAME: k3', sequence_number: 0 }),
    });
    const broken = rewriter.onBreak('upstream went away');
    expect(out.map((e) => (JSON.parse(e.data) as Payload).delta)).toEqual(['a ']);
    expect(broken).toHaveLength(1);
    expect(JSON.parse(broken[0]!.data)).toMatchObject({ type: 'error', sequence_number: 1 });
  });

  it('restores the done input and the output items whole, with or without deltas before them', () => {
    const payloads = stream(
      customCall('ctc_1', 0, [INPUT]).filter((p) => p.type !== 'response.custom_tool_call_input.delta'),
      [customItem('ctc_1', INPUT)],
    );
    const events = relay(payloads);
    expect(deltasOf(events, 'ctc_1')).toEqual([]);
    expect(doneOf(events, 'ctc_1')).toBe(RESTORED);
    expect(itemDoneOf(events, 0)).toBe(RESTORED);
    expect(completedOutput(events)[0]?.input).toBe(RESTORED);
  });

  it('relays every event byte for byte in tokens-only mode', () => {
    const rewriter = responsesStreamRewriter({ lookup: null, dropUsageChunk: false });
    const payloads = stream(customCall('ctc_1', 0, INPUT.split('')), [customItem('ctc_1', INPUT)]);
    payloads.forEach((payload, sequence_number) => {
      const event = { event: payload.type, data: JSON.stringify({ ...payload, sequence_number }) };
      expect(rewriter.onEvent(event)).toEqual([event]);
    });
    expect(rewriter.onEnd()).toEqual([]);
    expect(rewriter.restoredCount()).toBe(0);
  });

  it('counts the restored tokens once each', () => {
    const rewriter = responsesStreamRewriter({ lookup, dropUsageChunk: false });
    for (const [i, delta] of ['[NAME: k3j9', 'x2m4] [EMAIL: q1w2e3r4]'].entries()) {
      const data = {
        type: 'response.custom_tool_call_input.delta',
        item_id: 'ctc_1',
        output_index: 0,
        delta,
      };
      rewriter.onEvent({ data: JSON.stringify({ ...data, sequence_number: i }) });
    }
    expect(rewriter.restoredCount()).toBe(2);
  });

  it('streams exactly the restored input for any text and any chunking', () => {
    fc.assert(
      fc.property(
        tokenizedText().chain((t) => chunkings(t.text).map((chunks) => ({ ...t, chunks }))),
        ({ text, values: known, chunks }) => {
          const restoreWith: TokenLookup = (id) => known.get(id);
          const events = relay(
            stream(customCall('ctc_1', 0, chunks), [customItem('ctc_1', text)]),
            restoreWith,
          );
          const restored = restoreText(text, restoreWith).text;
          expect(deltasOf(events, 'ctc_1').join('')).toBe(restored);
          expect(doneOf(events, 'ctc_1')).toBe(restored);
          expect(completedOutput(events)[0]?.input).toBe(restored);
          expectConsecutive(events);
          expectOrdered(events, 'ctc_1', 0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/**
 * The other streamed fields of model-written text, each as the API sends it: the delta and done event
 * types, the done event's whole-text field, the part index (if any), and the item the text ends up in.
 */
const OTHER_FIELDS = [
  {
    delta: 'response.refusal.delta',
    done: 'response.refusal.done',
    whole: 'refusal',
    part: 'content_index',
    item: (text: string) => ({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'refusal', refusal: text }],
    }),
    itemText: (item: Record<string, unknown>) => (item.content as { refusal: string }[])[0]!.refusal,
  },
  {
    delta: 'response.mcp_call_arguments.delta',
    done: 'response.mcp_call_arguments.done',
    whole: 'arguments',
    part: null,
    item: (text: string) => ({
      id: 'mcp_1',
      type: 'mcp_call',
      name: 'lookup',
      server_label: 'crm',
      arguments: text,
    }),
    itemText: (item: Record<string, unknown>) => item.arguments as string,
  },
] as const;

describe('responses stream: refusals and MCP-call arguments', () => {
  // Free text takes values raw; MCP arguments are JSON, so values go in JSON-escaped.
  const TEXT = 'I cannot share where [NAME: k3j9x2m4] lives.';
  const JSON_ARGS = '{"who":"[NAME: k3j9x2m4]","mail":"[EMAIL: q1w2e3r4]"}';

  for (const f of OTHER_FIELDS) {
    const json = f.part === null;
    const text = json ? JSON_ARGS : TEXT;
    const restored = json
      ? JSON.stringify({ who: values.k3j9x2m4, mail: values.q1w2e3r4 })
      : `I cannot share where ${values.k3j9x2m4} lives.`;
    const where = { item_id: f.item('').id, output_index: 0, ...(f.part ? { [f.part]: 0 } : {}) };
    const itemEvents = (chunks: string[]): Payload[] => [
      { type: 'response.output_item.added', output_index: 0, item: f.item('') },
      ...chunks.map((delta) => ({ type: f.delta, ...where, delta })),
      { type: f.done, ...where, [f.whole]: chunks.join('') },
      { type: 'response.output_item.done', output_index: 0, item: f.item(chunks.join('')) },
    ];

    it(`${f.delta}: a token split at every position comes out whole, in the done event and the items too`, () => {
      for (let cut = 0; cut <= text.length; cut++) {
        const events = relay(stream(itemEvents([text.slice(0, cut), text.slice(cut)]), [f.item(text)]));
        const deltas = ofType(events, f.delta).map((e) => e.delta as string);
        expect(deltas.join('')).toBe(restored);
        expect(deltas.filter((d) => /\[[A-Z]/.test(d))).toEqual([]);
        expect(ofType(events, f.done)[0]?.[f.whole]).toBe(restored);
        const itemDone = ofType(events, 'response.output_item.done')[0]?.item as Record<string, unknown>;
        expect(f.itemText(itemDone)).toBe(restored);
        expect(f.itemText(completedOutput(events)[0]!)).toBe(restored);
        // Held text goes out before the field's done event, with the part index it came with.
        const done = events.findIndex((e) => e.type === f.done);
        expect(events.findLastIndex((e) => e.type === f.delta)).toBeLessThan(done);
        for (const delta of ofType(events, f.delta)) expect(delta).toMatchObject(where);
        expectConsecutive(events);
      }
    });
  }

  it('restores a refusal part whole in content_part.done, and leaves reasoning as it is', () => {
    const reasoning = {
      type: 'response.reasoning_summary_text.delta',
      item_id: 'rs_1',
      output_index: 1,
      summary_index: 0,
      delta: TEXT,
    };
    const events = relay(
      stream(
        [
          {
            type: 'response.content_part.done',
            item_id: 'msg_1',
            output_index: 0,
            content_index: 0,
            part: { type: 'refusal', refusal: TEXT },
          },
          reasoning,
        ],
        [],
      ),
    );
    expect(ofType(events, 'response.content_part.done')[0]?.part).toEqual({
      type: 'refusal',
      refusal: `I cannot share where ${values.k3j9x2m4} lives.`,
    });
    // Reasoning goes back upstream untouched in the next request, so it keeps its tokens.
    expect(ofType(events, 'response.reasoning_summary_text.delta')[0]).toMatchObject({ delta: TEXT });
  });
});
