import { SlotCollector, arrayField, isRecord } from './text-slots.js';
import type { SlotCollection } from './text-slots.js';

/**
 * Text slots of a Responses API request (DESIGN 6 "Sanitized"): `instructions`; `input` as a
 * string or as items: message content (a string or input_text / output_text / refusal parts),
 * function-call, MCP-call and MCP approval request arguments (JSON string leaves, or the whole text
 * when it does not parse), custom tool-call input, function, custom tool-call and MCP-call outputs (a
 * string or input_text parts); and text values of prompt-template variables. Reasoning items,
 * images, files and other tool items pass untouched.
 */
export function responsesRequestSlots(body: unknown): SlotCollection {
  const collector = new SlotCollector();
  if (!isRecord(body)) return collector.result();

  collector.field(body, 'instructions');
  if (typeof body.input === 'string') collector.field(body, 'input');
  for (const item of arrayField(body, 'input')) {
    if (isRecord(item)) inputItemSlots(collector, item);
  }
  if (isRecord(body.prompt) && isRecord(body.prompt.variables)) {
    const variables = body.prompt.variables;
    for (const name of Object.keys(variables)) {
      const value = variables[name];
      if (typeof value === 'string') collector.field(variables, name);
      else textPartSlot(collector, value);
    }
  }
  return collector.result();
}

function inputItemSlots(collector: SlotCollector, item: Record<string, unknown>): void {
  switch (item.type) {
    case 'function_call':
    case 'mcp_approval_request':
      collector.jsonArguments(item, 'arguments');
      return;
    case 'mcp_call':
      collector.jsonArguments(item, 'arguments');
      if (typeof item.output === 'string') collector.field(item, 'output');
      return;
    case 'custom_tool_call':
      collector.field(item, 'input');
      return;
    case 'function_call_output':
    case 'custom_tool_call_output':
      stringOrPartsSlots(collector, item, 'output');
      return;
    case 'message':
    case undefined:
      // The short form of a message item may leave out `type`.
      if (typeof item.role === 'string') stringOrPartsSlots(collector, item, 'content');
      return;
  }
}

function stringOrPartsSlots(collector: SlotCollector, owner: Record<string, unknown>, key: string): void {
  if (typeof owner[key] === 'string') {
    collector.field(owner, key);
    return;
  }
  for (const part of arrayField(owner, key)) textPartSlot(collector, part);
}

function textPartSlot(collector: SlotCollector, part: unknown): void {
  if (!isRecord(part)) return;
  if (part.type === 'input_text' || part.type === 'output_text') collector.field(part, 'text');
  else if (part.type === 'refusal') collector.field(part, 'refusal');
}
