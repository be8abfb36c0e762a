import { isRecord } from './text-slots.js';

export type ProxyDialect = 'chat' | 'messages' | 'responses';

const SEPARATOR = '\n\n';

/**
 * Adds the pretext that explains token text to the model (DESIGN 6 "Pretext"). It goes into the
 * system-level instructions only, never into a user turn or `input`: chat appends it to a leading
 * system/developer message or inserts a system message first, messages appends it to `system`,
 * responses appends it to `instructions`. A field of a shape no provider accepts is left alone.
 */
export function placePretext(dialect: ProxyDialect, body: Record<string, unknown>, pretext: string): void {
  switch (dialect) {
    case 'chat':
      placeInChat(body, pretext);
      return;
    case 'messages':
      placeInMessages(body, pretext);
      return;
    case 'responses':
      appendToTextField(body, 'instructions', pretext);
      return;
  }
}

function placeInChat(body: Record<string, unknown>, pretext: string): void {
  const messages = body.messages;
  if (!Array.isArray(messages)) return;
  const first: unknown = messages[0];
  if (isRecord(first) && (first.role === 'system' || first.role === 'developer')) {
    if (Array.isArray(first.content)) first.content.push({ type: 'text', text: pretext });
    else appendToTextField(first, 'content', pretext);
    return;
  }
  messages.unshift({ role: 'system', content: pretext });
}

function placeInMessages(body: Record<string, unknown>, pretext: string): void {
  if (Array.isArray(body.system)) body.system.push({ type: 'text', text: pretext });
  else appendToTextField(body, 'system', pretext);
}

/** Appends to a string field, or sets it when there is no text yet; other shapes are left alone. */
function appendToTextField(owner: Record<string, unknown>, key: string, pretext: string): void {
  const existing = owner[key];
  if (existing === undefined || existing === null || existing === '') owner[key] = pretext;
  else if (typeof existing === 'string') owner[key] = existing + SEPARATOR + pretext;
}
