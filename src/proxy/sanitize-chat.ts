import { SlotCollector, arrayField, isRecord } from './text-slots.js';
import type { SlotCollection } from './text-slots.js';

/**
 * Text slots of a chat-completions request (DESIGN 6 "Sanitized"): every message's content in
 * all roles (a string, or the text and refusal parts of a parts array), an assistant's refusal,
 * tool-call arguments of earlier assistant turns (JSON string leaves, or the whole text when it
 * does not parse), custom tool-call input, the legacy `function_call.arguments`, and predicted
 * output content. Message `name`, tool definitions, images, audio and files are left alone.
 */
export function chatRequestSlots(body: unknown): SlotCollection {
  const collector = new SlotCollector();
  if (!isRecord(body)) return collector.result();

  for (const message of arrayField(body, 'messages')) {
    if (!isRecord(message)) continue;
    contentSlots(collector, message);
    collector.field(message, 'refusal');
    for (const call of arrayField(message, 'tool_calls')) {
      if (!isRecord(call)) continue;
      if (isRecord(call.function)) collector.jsonArguments(call.function, 'arguments');
      if (isRecord(call.custom)) collector.field(call.custom, 'input');
    }
    if (isRecord(message.function_call)) collector.jsonArguments(message.function_call, 'arguments');
  }
  if (isRecord(body.prediction)) contentSlots(collector, body.prediction);
  return collector.result();
}

function contentSlots(collector: SlotCollector, owner: Record<string, unknown>): void {
  if (typeof owner.content === 'string') {
    collector.field(owner, 'content');
    return;
  }
  for (const part of arrayField(owner, 'content')) {
    if (!isRecord(part)) continue;
    if (part.type === 'text') collector.field(part, 'text');
    else if (part.type === 'refusal') collector.field(part, 'refusal');
  }
}
