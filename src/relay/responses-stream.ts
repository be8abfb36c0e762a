import { RestorerSet } from './restorer-set.js';
import { restoreSlots } from './restore-json.js';
import { responsesResponseSlots } from '../proxy/restore-walkers.js';
import {
  asNumber,
  asRecord,
  parseData,
  type RewriterOptions,
  type SseEvent,
  type StreamRewriter,
  type StreamUsage,
} from './stream-rewriter.js';

/** A field of an output item that streams as deltas and is then sent whole in a `.done` event. */
interface StreamedField {
  /** The event that closes the field: held text is flushed right before it. */
  done: string;
  /** The `.done` event's field carrying the whole text. */
  whole: string;
  /** Raw JSON text (function-call arguments): restored values go in JSON-escaped. Free text takes them as they are. */
  jsonEscaped: boolean;
  /** Deltas are per content part of the item (`content_index`), not per item. */
  perContent: boolean;
}

/**
 * Every streamed field restored (DESIGN 6 "Restore"). Reasoning text and summaries are not: clients
 * pass reasoning items back in the next request's `input`, where they go upstream untouched (they
 * belong with their encrypted content), so restored values there would reach the provider.
 */
const STREAMED_FIELDS = new Map<string, StreamedField>([
  [
    'response.output_text.delta',
    { done: 'response.output_text.done', whole: 'text', perContent: true, jsonEscaped: false },
  ],
  [
    'response.refusal.delta',
    { done: 'response.refusal.done', whole: 'refusal', perContent: true, jsonEscaped: false },
  ],
  [
    'response.function_call_arguments.delta',
    {
      done: 'response.function_call_arguments.done',
      whole: 'arguments',
      perContent: false,
      jsonEscaped: true,
    },
  ],
  // Custom (free-form) tools: `input` is whatever text the tool's grammar allows, not JSON.
  [
    'response.custom_tool_call_input.delta',
    { done: 'response.custom_tool_call_input.done', whole: 'input', perContent: false, jsonEscaped: false },
  ],
  [
    'response.mcp_call_arguments.delta',
    { done: 'response.mcp_call_arguments.done', whole: 'arguments', perContent: false, jsonEscaped: true },
  ],
]);
const DONE_FIELDS = new Map([...STREAMED_FIELDS].map(([delta, field]) => [field.done, { ...field, delta }]));

/** One restorer per streamed field: `o<output>:<delta event>[:<part>]`; the `o<output>:` prefix selects an item. */
const itemPrefix = (output: number) => `o${output}:`;
const partOf = (data: Record<string, unknown>, field: StreamedField) =>
  field.perContent ? (asNumber(data.content_index) ?? 0) : null;
const fieldKey = (deltaType: string, output: number, part: number | null) =>
  `${itemPrefix(output)}${deltaType}${part === null ? '' : `:${part}`}`;

/**
 * Responses API streams: output text, refusals, function-call and MCP-call arguments and custom tool
 * input deltas are restored per output item (and content part); held text goes out as its own delta right before the field's
 * `.done` event, or, should that be missing, before the item's `response.output_item.done` or the final
 * response event. The full-text fields of the done and completed events are restored whole. Inserted
 * events shift the `sequence_number` of everything after them so numbering stays consecutive.
 */
export function responsesStreamRewriter(options: RewriterOptions): StreamRewriter {
  const restorers = new RestorerSet(options.lookup);
  const lookup = options.lookup;
  const usage: StreamUsage = { inputTokens: null, outputTokens: null };
  /** What a held-text delta event needs besides the text: type, item and part. */
  const pending = new Map<string, Record<string, unknown>>();
  let shift = 0;
  let lastSequence = -1;

  const renumber = (data: Record<string, unknown>): boolean => {
    const n = asNumber(data.sequence_number);
    if (n === null) return false;
    lastSequence = n + shift;
    if (!shift) return false;
    data.sequence_number = n + shift;
    return true;
  };

  const inserted = (data: Record<string, unknown>): SseEvent => {
    shift++;
    lastSequence++;
    return { event: String(data.type), data: JSON.stringify({ ...data, sequence_number: lastSequence }) };
  };

  const heldEvent = (key: string): SseEvent[] => {
    const meta = pending.get(key);
    const held = restorers.flush(key);
    pending.delete(key);
    if (!held || !meta) return [];
    return [inserted({ ...meta, delta: held })];
  };

  const restoreField = (
    obj: Record<string, unknown> | null,
    field: string,
    jsonEscaped: boolean,
  ): boolean => {
    if (!lookup || !obj || typeof obj[field] !== 'string') return false;
    const changed = restoreSlots(
      [
        {
          text: obj[field] as string,
          jsonEscaped,
          replace: (next: string) => {
            obj[field] = next;
          },
        },
      ],
      lookup,
    );
    return changed > 0;
  };

  const emit = (event: SseEvent, data: Record<string, unknown>, changed: boolean): SseEvent =>
    changed ? { ...event, data: JSON.stringify(data) } : event;

  return {
    onEvent(event) {
      const data = parseData(event.data);
      if (!data) return [event];
      const output = asNumber(data.output_index) ?? 0;
      const type = String(data.type);
      const streamed = STREAMED_FIELDS.get(type);
      if (streamed) {
        const part = partOf(data, streamed);
        const key = fieldKey(type, output, part);
        if (!pending.has(key)) {
          pending.set(key, {
            type,
            item_id: data.item_id,
            output_index: output,
            ...(part === null ? {} : { content_index: part }),
          });
        }
        let changed = renumber(data);
        if (typeof data.delta === 'string') {
          const out = restorers.push(key, data.delta, streamed.jsonEscaped);
          if (out !== data.delta) {
            data.delta = out;
            changed = true;
          }
        }
        return [emit(event, data, changed)];
      }
      const closing = DONE_FIELDS.get(type);
      if (closing) {
        const held = heldEvent(fieldKey(closing.delta, output, partOf(data, closing)));
        let changed = renumber(data);
        changed = restoreField(data, closing.whole, closing.jsonEscaped) || changed;
        return [...held, emit(event, data, changed)];
      }
      switch (type) {
        case 'response.content_part.done': {
          let changed = renumber(data);
          const part = asRecord(data.part);
          // Text parts carry `text`; refusal parts carry `refusal`.
          changed = restoreField(part, 'text', false) || changed;
          changed = restoreField(part, 'refusal', false) || changed;
          return [emit(event, data, changed)];
        }
        case 'response.output_item.done': {
          // Normally already flushed by the field's own `.done` event; never let held text outlive its item.
          const held = [...pending.keys()].filter((k) => k.startsWith(itemPrefix(output))).flatMap(heldEvent);
          let changed = renumber(data);
          const item = asRecord(data.item);
          if (item && lookup)
            changed = restoreSlots(responsesResponseSlots({ output: [item] }).slots, lookup) > 0 || changed;
          return [...held, emit(event, data, changed)];
        }
        case 'response.completed':
        case 'response.incomplete':
        case 'response.failed': {
          const held = [...pending.keys()].flatMap(heldEvent);
          let changed = renumber(data);
          const response = asRecord(data.response);
          const u = asRecord(response?.usage);
          usage.inputTokens = asNumber(u?.input_tokens) ?? usage.inputTokens;
          usage.outputTokens = asNumber(u?.output_tokens) ?? usage.outputTokens;
          if (response && lookup)
            changed = restoreSlots(responsesResponseSlots(response).slots, lookup) > 0 || changed;
          return [...held, emit(event, data, changed)];
        }
        default:
          return [emit(event, data, renumber(data))];
      }
    },
    onEnd: () => [...pending.keys()].flatMap(heldEvent),
    onBreak(message) {
      // Held text at a break may be half a token: it is dropped, never emitted.
      return [inserted({ type: 'error', code: 'upstream_stream_broken', message, param: null })];
    },
    usage: () => usage,
    restoredCount: () => restorers.restoredCount(),
  };
}
