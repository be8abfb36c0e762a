import { SlotCollector, arrayField, isRecord } from './text-slots.js';
import type { SlotCollection } from './text-slots.js';

/**
 * Text slots of a messages request (DESIGN 6 "Sanitized"): `system` (string or text blocks) and
 * each message's content: a string, text blocks, plain-text documents, search results, string
 * leaves of `tool_use.input`, and `tool_result` content (a string or nested blocks). Thinking
 * blocks keep their signed text; images, PDFs and server tool blocks are left alone.
 */
export function messagesRequestSlots(body: unknown): SlotCollection {
  const collector = new SlotCollector();
  if (!isRecord(body)) return collector.result();

  if (typeof body.system === 'string') collector.field(body, 'system');
  else for (const block of arrayField(body, 'system')) textBlockSlot(collector, block);

  for (const message of arrayField(body, 'messages')) {
    if (!isRecord(message)) continue;
    if (typeof message.content === 'string') {
      collector.field(message, 'content');
      continue;
    }
    for (const block of arrayField(message, 'content')) {
      if (!isRecord(block)) continue;
      if (block.type === 'tool_use') collector.leaves(block, 'input');
      else if (block.type === 'tool_result') toolResultSlots(collector, block);
      else nestedBlockSlots(collector, block);
    }
  }
  return collector.result();
}

function toolResultSlots(collector: SlotCollector, block: Record<string, unknown>): void {
  if (typeof block.content === 'string') {
    collector.field(block, 'content');
    return;
  }
  for (const inner of arrayField(block, 'content')) {
    if (isRecord(inner)) nestedBlockSlots(collector, inner);
  }
}

/** Blocks that may appear both at message level and inside a tool result. */
function nestedBlockSlots(collector: SlotCollector, block: Record<string, unknown>): void {
  if (block.type === 'text') collector.field(block, 'text');
  else if (block.type === 'document') documentSlots(collector, block);
  else if (block.type === 'search_result') {
    for (const inner of arrayField(block, 'content')) textBlockSlot(collector, inner);
  }
}

function documentSlots(collector: SlotCollector, block: Record<string, unknown>): void {
  const source = block.source;
  if (!isRecord(source)) return;
  if (source.type === 'text') {
    collector.field(source, 'data');
  } else if (source.type === 'content') {
    if (typeof source.content === 'string') collector.field(source, 'content');
    else for (const inner of arrayField(source, 'content')) textBlockSlot(collector, inner);
  }
}

function textBlockSlot(collector: SlotCollector, block: unknown): void {
  if (isRecord(block) && block.type === 'text') collector.field(block, 'text');
}
