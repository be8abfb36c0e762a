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

const textKey = (output: number, content: number) => `o${output}:t${content}`;
const argsKey = (output: number) => `o${output}:args`;

/**
 * Responses API streams: `response.output_text.delta` and `response.function_call_arguments.delta` are
 * restored per output item; held text goes out as its own delta right before the matching `.done`;
 * the full-text fields of the done/completed events are restored whole. Inserted events shift the
 * `sequence_number` of everything after them so numbering stays consecutive.
 */
export function responsesStreamRewriter(options: RewriterOptions): StreamRewriter {
  const restorers = new RestorerSet(options.lookup);
  const lookup = options.lookup;
  const usage: StreamUsage = { inputTokens: null, outputTokens: null };
  const pending = new Map<
    string,
    { type: string; item_id: unknown; output_index: number; content_index?: number }
  >();
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
      const content = asNumber(data.content_index) ?? 0;
      switch (data.type) {
        case 'response.output_text.delta':
        case 'response.function_call_arguments.delta': {
          const isText = data.type === 'response.output_text.delta';
          const key = isText ? textKey(output, content) : argsKey(output);
          if (!pending.has(key)) {
            pending.set(key, {
              type: String(data.type),
              item_id: data.item_id,
              output_index: output,
              ...(isText ? { content_index: content } : {}),
            });
          }
          let changed = renumber(data);
          if (typeof data.delta === 'string') {
            const out = restorers.push(key, data.delta, !isText);
            if (out !== data.delta) {
              data.delta = out;
              changed = true;
            }
          }
          return [emit(event, data, changed)];
        }
        case 'response.output_text.done':
        case 'response.function_call_arguments.done': {
          const isText = data.type === 'response.output_text.done';
          const held = heldEvent(isText ? textKey(output, content) : argsKey(output));
          let changed = renumber(data);
          changed = restoreField(data, isText ? 'text' : 'arguments', !isText) || changed;
          return [...held, emit(event, data, changed)];
        }
        case 'response.content_part.done': {
          let changed = renumber(data);
          changed = restoreField(asRecord(data.part), 'text', false) || changed;
          return [emit(event, data, changed)];
        }
        case 'response.output_item.done': {
          let changed = renumber(data);
          const item = asRecord(data.item);
          if (item && lookup)
            changed = restoreSlots(responsesResponseSlots({ output: [item] }).slots, lookup) > 0 || changed;
          return [emit(event, data, changed)];
        }
        case 'response.completed':
        case 'response.incomplete':
        case 'response.failed': {
          let changed = renumber(data);
          const response = asRecord(data.response);
          const u = asRecord(response?.usage);
          usage.inputTokens = asNumber(u?.input_tokens) ?? usage.inputTokens;
          usage.outputTokens = asNumber(u?.output_tokens) ?? usage.outputTokens;
          if (response && lookup)
            changed = restoreSlots(responsesResponseSlots(response).slots, lookup) > 0 || changed;
          return [emit(event, data, changed)];
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
