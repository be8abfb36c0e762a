import type { ReplyPlan } from './reply-plan.js';
import type { ProviderErrorSpec, RecordedRequest, RouteName, StreamErrorSpec } from './scenario.js';
import type { SseEvent } from './sse-writer.js';

/** What the server needs from one provider wire format; one module implements it per format. */
export interface WireFormat {
  route: Exclude<RouteName, 'unknown'>;
  /** The rejection a real provider gives before looking at the request (auth, required headers), if any. */
  rejectRequest(request: RecordedRequest): ProviderErrorSpec | undefined;
  /** Text of the last user turn, echoed when a scenario scripts no reply. */
  lastUserText(body: unknown): string;
  /** How many replies the request asks for (`n` on chat; 1 elsewhere). */
  replyCount(body: unknown): number;
  jsonBody(plan: ReplyPlan, body: unknown): unknown;
  /** The whole stream; with a stream error, the normal events are cut short and the error events end it. */
  streamEvents(plan: ReplyPlan, body: unknown, streamError: StreamErrorSpec | undefined): SseEvent[];
  errorBody(spec: ProviderErrorSpec, requestId: string): unknown;
  /** Request-id header the provider sets on every response. */
  requestIdHeader: string;
  newRequestId(): string;
}

/** Keeps the first `spec.afterEvents` events and ends the stream with the provider's error events. */
export function failStreamAfter(
  events: SseEvent[],
  spec: StreamErrorSpec | undefined,
  errorEvents: (spec: StreamErrorSpec, eventsSent: number) => SseEvent[],
): SseEvent[] {
  if (!spec) return events;
  const sent = events.slice(0, spec.afterEvents);
  return [...sent, ...errorEvents(spec, sent.length)];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text of a content value that is either a string or an array of typed parts. */
export function textOfContent(content: unknown, textPartTypes: readonly string[]): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part): part is Record<string, unknown> => isRecord(part))
    .map((part) => {
      if (
        typeof part.type === 'string' &&
        textPartTypes.includes(part.type) &&
        typeof part.text === 'string'
      ) {
        return part.text;
      }
      // Tool results nest their own content (Anthropic tool_result blocks).
      if (part.type === 'tool_result') return textOfContent(part.content, textPartTypes);
      return '';
    })
    .filter((text) => text.length > 0)
    .join('\n');
}

export function lastUserContent(messages: unknown): unknown {
  if (!Array.isArray(messages)) return undefined;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message: unknown = messages[i];
    if (isRecord(message) && message.role === 'user') return message.content;
  }
  return undefined;
}
