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

const contentKey = (choice: number) => `c${choice}:content`;
const refusalKey = (choice: number) => `c${choice}:refusal`;
const functionCallKey = (choice: number) => `c${choice}:function_call`;
const toolKey = (choice: number, tool: number) => `c${choice}:tool:${tool}`;
const choiceOf = (key: string) => Number(key.slice(1, key.indexOf(':')));
const toolOf = (key: string) => Number(key.slice(key.lastIndexOf(':') + 1));

/**
 * Chat-completions streams (`chat.completion.chunk` events, `data: [DONE]`): content, refusals,
 * tool-call arguments and legacy function-call arguments are restored per choice; held text is
 * flushed as its own chunk right before the choice's finish_reason chunk. Unchanged chunks are
 * relayed byte for byte.
 */
export function chatStreamRewriter(options: RewriterOptions): StreamRewriter {
  const restorers = new RestorerSet(options.lookup);
  const usage: StreamUsage = { inputTokens: null, outputTokens: null };
  // The envelope of the last chunk, to build held-text chunks in the same shape.
  let envelope: Record<string, unknown> = { object: 'chat.completion.chunk' };

  const heldChunk = (choice: number, delta: Record<string, unknown>): SseEvent => ({
    data: JSON.stringify({
      ...envelope,
      choices: [{ index: choice, delta, logprobs: null, finish_reason: null }],
      ...('usage' in envelope ? { usage: null } : {}),
    }),
  });

  /** Held text of one choice as chunks: content, refusal, legacy function call, then each tool call. */
  const flushChoice = (choice: number): SseEvent[] => {
    const out: SseEvent[] = [];
    const content = restorers.flush(contentKey(choice));
    if (content) out.push(heldChunk(choice, { content }));
    const refusal = restorers.flush(refusalKey(choice));
    if (refusal) out.push(heldChunk(choice, { refusal }));
    const functionArgs = restorers.flush(functionCallKey(choice));
    if (functionArgs) out.push(heldChunk(choice, { function_call: { arguments: functionArgs } }));
    for (const key of restorers.keys(`c${choice}:tool:`)) {
      const args = restorers.flush(key);
      if (args)
        out.push(heldChunk(choice, { tool_calls: [{ index: toolOf(key), function: { arguments: args } }] }));
    }
    return out;
  };

  const flushAll = (): SseEvent[] => {
    const choices = [...new Set(restorers.keys().map(choiceOf))];
    return choices.flatMap(flushChoice);
  };

  return {
    onEvent(event) {
      if (event.data.trim() === '[DONE]') return [...flushAll(), event];
      const chunk = parseData(event.data);
      if (!chunk || !Array.isArray(chunk.choices)) return [event];
      const { choices: _c, usage: _u, ...rest } = chunk;
      envelope = { ...rest, ...('usage' in chunk ? { usage: null } : {}) };

      const chunkUsage = asRecord(chunk.usage);
      if (chunkUsage) {
        usage.inputTokens = asNumber(chunkUsage.prompt_tokens) ?? usage.inputTokens;
        usage.outputTokens = asNumber(chunkUsage.completion_tokens) ?? usage.outputTokens;
        if (options.dropUsageChunk && chunk.choices.length === 0) return [];
      }

      let changed = false;
      const before: SseEvent[] = [];
      for (const rawChoice of chunk.choices) {
        const choice = asRecord(rawChoice);
        if (!choice) continue;
        const index = asNumber(choice.index) ?? 0;
        const delta = asRecord(choice.delta);
        const finishing = choice.finish_reason !== null && choice.finish_reason !== undefined;
        // Held text goes out in the same chunk when the finishing chunk carries the field itself.
        const restoreText = (
          owner: Record<string, unknown> | null,
          field: string,
          key: string,
          json = false,
        ) => {
          if (!owner || typeof owner[field] !== 'string') return;
          const text = owner[field] as string;
          let out = restorers.push(key, text, json);
          if (finishing) out += restorers.flush(key);
          if (out !== text) {
            owner[field] = out;
            changed = true;
          }
        };
        restoreText(delta, 'content', contentKey(index));
        restoreText(delta, 'refusal', refusalKey(index));
        // The deprecated functions API streams `function_call.arguments` like a tool call's.
        restoreText(asRecord(delta?.function_call), 'arguments', functionCallKey(index), true);
        if (delta && Array.isArray(delta.tool_calls)) {
          for (const rawCall of delta.tool_calls) {
            const call = asRecord(rawCall);
            const fn = asRecord(call?.function);
            if (!call || !fn || typeof fn.arguments !== 'string') continue;
            const key = toolKey(index, asNumber(call.index) ?? 0);
            const out = restorers.push(key, fn.arguments, true);
            if (out !== fn.arguments) {
              fn.arguments = out;
              changed = true;
            }
          }
        }
        if (finishing) before.push(...flushChoice(index));
      }
      return [...before, changed ? { ...event, data: JSON.stringify(chunk) } : event];
    },
    onEnd: flushAll,
    onBreak(message) {
      // Held text at a break may be half a token: it is dropped, never emitted.
      return [
        {
          data: JSON.stringify({
            error: { message, type: 'server_error', param: null, code: 'upstream_stream_broken' },
          }),
        },
      ];
    },
    usage: () => usage,
    restoredCount: () => restorers.restoredCount(),
  };
}
