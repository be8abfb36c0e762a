import { arrayField, fieldSlot, isRecord, stringLeafSlots } from './text-slots.js';
import type { TextSlot } from './text-slots.js';

/**
 * A string in a non-streamed provider response where token text is restored (DESIGN 6
 * "Restore"). `jsonEscaped` marks raw JSON text (tool-call arguments): the restorer must insert
 * each value JSON-escaped so the arguments stay valid JSON. Other slots take values as they are.
 */
export interface RestoreSlot {
  readonly text: string;
  replace(next: string): void;
  readonly jsonEscaped: boolean;
}

export interface RestoreSlots {
  slots: RestoreSlot[];
}

/** Assistant text (string or text parts), refusals and tool-call arguments of every choice. */
export function chatResponseSlots(body: unknown): RestoreSlots {
  const slots: RestoreSlot[] = [];
  if (!isRecord(body)) return { slots };
  for (const choice of arrayField(body, 'choices')) {
    if (!isRecord(choice) || !isRecord(choice.message)) continue;
    const message = choice.message;
    pushField(slots, message, 'refusal', false);
    if (typeof message.content === 'string') {
      pushField(slots, message, 'content', false);
    } else {
      for (const part of arrayField(message, 'content')) {
        if (isRecord(part) && part.type === 'text') pushField(slots, part, 'text', false);
      }
    }
    for (const call of arrayField(message, 'tool_calls')) {
      if (!isRecord(call)) continue;
      if (isRecord(call.function)) pushField(slots, call.function, 'arguments', true);
      if (isRecord(call.custom)) pushField(slots, call.custom, 'input', false);
    }
    if (isRecord(message.function_call)) pushField(slots, message.function_call, 'arguments', true);
  }
  return { slots };
}

/** Text blocks and the string leaves of `tool_use.input` (set directly, the input is an object). */
export function messagesResponseSlots(body: unknown): RestoreSlots {
  const slots: RestoreSlot[] = [];
  if (!isRecord(body)) return { slots };
  for (const block of arrayField(body, 'content')) {
    if (!isRecord(block)) continue;
    if (block.type === 'text') pushField(slots, block, 'text', false);
    else if (block.type === 'tool_use') {
      for (const leaf of stringLeafSlots(block, 'input')) slots.push(restoreSlot(leaf, false));
    }
  }
  return { slots };
}

/**
 * Model-written text of Responses output items: output_text and refusal parts of messages,
 * function-call and MCP-call arguments (also of MCP approval requests), custom tool input, and a
 * top-level `output_text`. Reasoning items are not restored: they go back upstream untouched in the
 * next request's `input` (see `responsesRequestSlots`).
 */
export function responsesResponseSlots(body: unknown): RestoreSlots {
  const slots: RestoreSlot[] = [];
  if (!isRecord(body)) return { slots };
  const parts = (item: Record<string, unknown>, list: string, type: string, key: string) => {
    for (const part of arrayField(item, list)) {
      if (isRecord(part) && part.type === type) pushField(slots, part, key, false);
    }
  };
  for (const item of arrayField(body, 'output')) {
    if (!isRecord(item)) continue;
    if (item.type === 'message') {
      parts(item, 'content', 'output_text', 'text');
      parts(item, 'content', 'refusal', 'refusal');
    } else if (
      item.type === 'function_call' ||
      item.type === 'mcp_call' ||
      item.type === 'mcp_approval_request'
    ) {
      pushField(slots, item, 'arguments', true);
    } else if (item.type === 'custom_tool_call') {
      pushField(slots, item, 'input', false);
    }
  }
  pushField(slots, body, 'output_text', false);
  return { slots };
}

function pushField(
  slots: RestoreSlot[],
  owner: Record<string, unknown>,
  key: string,
  jsonEscaped: boolean,
): void {
  const slot = fieldSlot(owner, key);
  if (slot) slots.push(restoreSlot(slot, jsonEscaped));
}

function restoreSlot(slot: TextSlot, jsonEscaped: boolean): RestoreSlot {
  return {
    get text() {
      return slot.text;
    },
    replace(next: string) {
      slot.replace(next);
    },
    jsonEscaped,
  };
}
