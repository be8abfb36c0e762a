import { RestorerSet } from './restorer-set.js';
import {
  asNumber,
  asRecord,
  parseData,
  type RewriterOptions,
  type SseEvent,
  type StreamRewriter,
  type StreamUsage,
} from './stream-rewriter.js';

const blockKey = (index: number) => `b${index}`;

/**
 * Messages streams: `text_delta` and `input_json_delta` are restored per content block; held text is
 * flushed as its own delta right before `content_block_stop`. Usage from message_start and
 * message_delta. Unchanged events are relayed byte for byte.
 */
export function messagesStreamRewriter(options: RewriterOptions): StreamRewriter {
  const restorers = new RestorerSet(options.lookup);
  const usage: StreamUsage = { inputTokens: null, outputTokens: null };
  const blockKinds = new Map<number, 'text' | 'json'>();

  const heldDelta = (index: number): SseEvent[] => {
    const kind = blockKinds.get(index);
    const held = restorers.flush(blockKey(index));
    if (!held || !kind) return [];
    const delta =
      kind === 'text' ? { type: 'text_delta', text: held } : { type: 'input_json_delta', partial_json: held };
    return [
      { event: 'content_block_delta', data: JSON.stringify({ type: 'content_block_delta', index, delta }) },
    ];
  };
  const flushAll = () => [...blockKinds.keys()].flatMap(heldDelta);

  return {
    onEvent(event) {
      const data = parseData(event.data);
      if (!data) return [event];
      switch (data.type) {
        case 'message_start': {
          const u = asRecord(asRecord(data.message)?.usage);
          usage.inputTokens = asNumber(u?.input_tokens) ?? usage.inputTokens;
          usage.outputTokens = asNumber(u?.output_tokens) ?? usage.outputTokens;
          return [event];
        }
        case 'message_delta': {
          const u = asRecord(data.usage);
          usage.outputTokens = asNumber(u?.output_tokens) ?? usage.outputTokens;
          usage.inputTokens = asNumber(u?.input_tokens) ?? usage.inputTokens;
          return [event];
        }
        case 'content_block_start': {
          const index = asNumber(data.index) ?? 0;
          const block = asRecord(data.content_block);
          if (block?.type === 'text') blockKinds.set(index, 'text');
          else if (block?.type === 'tool_use' || block?.type === 'server_tool_use')
            blockKinds.set(index, 'json');
          return [event];
        }
        case 'content_block_delta': {
          const index = asNumber(data.index) ?? 0;
          const delta = asRecord(data.delta);
          if (delta?.type === 'text_delta' && typeof delta.text === 'string') {
            blockKinds.set(index, 'text');
            const out = restorers.push(blockKey(index), delta.text);
            if (out === delta.text) return [event];
            if (!out) return [];
            delta.text = out;
            return [{ ...event, data: JSON.stringify(data) }];
          }
          if (delta?.type === 'input_json_delta' && typeof delta.partial_json === 'string') {
            blockKinds.set(index, 'json');
            const out = restorers.push(blockKey(index), delta.partial_json, true);
            if (out === delta.partial_json) return [event];
            if (!out) return [];
            delta.partial_json = out;
            return [{ ...event, data: JSON.stringify(data) }];
          }
          return [event];
        }
        case 'content_block_stop': {
          const index = asNumber(data.index) ?? 0;
          const held = heldDelta(index);
          blockKinds.delete(index);
          return [...held, event];
        }
        default:
          return [event];
      }
    },
    onEnd: flushAll,
    onBreak(message) {
      // Held text at a break may be half a token: it is dropped, never emitted.
      return [
        { event: 'error', data: JSON.stringify({ type: 'error', error: { type: 'api_error', message } }) },
      ];
    },
    usage: () => usage,
    restoredCount: () => restorers.restoredCount(),
  };
}
