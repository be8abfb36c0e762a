import { providerIds } from './ids.js';
import { functionCallsOnly, type PlannedToolCall, type ReplyPlan } from './reply-plan.js';
import type { ProviderErrorSpec, RecordedRequest, StreamErrorSpec } from './scenario.js';
import { jsonEvent, type SseEvent } from './sse-writer.js';
import { failStreamAfter, isRecord, lastUserContent, textOfContent, type WireFormat } from './wire-format.js';

// Anthropic Messages API (`POST /v1/messages`): message JSON, or the named event sequence
// message_start → (content_block_start, ping, content_block_delta…, content_block_stop)… → message_delta → message_stop.

const DEFAULT_ERRORS: Record<number, { type: string; message: string }> = {
  400: { type: 'invalid_request_error', message: 'Invalid request.' },
  401: { type: 'authentication_error', message: 'invalid x-api-key' },
  402: { type: 'billing_error', message: 'Your credit balance is too low to access the Anthropic API.' },
  403: {
    type: 'permission_error',
    message: 'Your API key does not have permission to use the specified resource.',
  },
  404: { type: 'not_found_error', message: 'Not found' },
  413: { type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' },
  429: {
    type: 'rate_limit_error',
    message: 'Number of request tokens has exceeded your per-minute rate limit.',
  },
  500: { type: 'api_error', message: 'Internal server error' },
  504: { type: 'timeout_error', message: 'Request timed out' },
  529: { type: 'overloaded_error', message: 'Overloaded' },
};

function errorObject(spec: { type?: string; message?: string }, status: number) {
  const fallback = DEFAULT_ERRORS[status] ?? (status >= 500 ? DEFAULT_ERRORS[500] : DEFAULT_ERRORS[400]);
  return {
    type: spec.type ?? fallback?.type ?? 'api_error',
    message: spec.message ?? fallback?.message ?? 'Error',
  };
}

function errorBody(spec: ProviderErrorSpec, requestId: string): unknown {
  return spec.body ?? { type: 'error', error: errorObject(spec, spec.status), request_id: requestId };
}

function rejectRequest(request: RecordedRequest): ProviderErrorSpec | undefined {
  // The API takes the key as `x-api-key` or, as recent SDKs send it, `Authorization: Bearer`.
  const hasKey =
    Boolean(request.headers['x-api-key']) || /^Bearer\s+\S+/i.test(request.headers.authorization ?? '');
  if (!hasKey) return { status: 401, message: 'x-api-key header is required' };
  if (!request.headers['anthropic-version'])
    return { status: 400, message: 'anthropic-version: header is required' };
  const body = request.body;
  if (!isRecord(body)) {
    return {
      status: 400,
      message: 'There was an issue with the formatting or content of your request body.',
    };
  }
  const missing = ['model', 'max_tokens', 'messages'].find((field) => !(field in body));
  if (missing) return { status: 400, message: `${missing}: Field required` };
  return undefined;
}

type Block =
  { kind: 'text'; text: string; chunks: string[] } | { kind: 'tool_use'; id: string; call: PlannedToolCall };

function blocksOf(plan: ReplyPlan): Block[] {
  functionCallsOnly(plan, 'Anthropic messages');
  const reply = plan.replies[0];
  if (!reply) return [];
  const blocks: Block[] = [];
  if (reply.text.length > 0 || reply.toolCalls.length === 0) {
    blocks.push({ kind: 'text', text: reply.text, chunks: reply.textChunks });
  }
  for (const call of reply.toolCalls)
    blocks.push({ kind: 'tool_use', id: call.id ?? providerIds.anthropicToolUse(), call });
  return blocks;
}

function stopReasonOf(blocks: Block[], plan: ReplyPlan): string {
  return plan.finishReason ?? (blocks.some((block) => block.kind === 'tool_use') ? 'tool_use' : 'end_turn');
}

function toolInput(call: PlannedToolCall): unknown {
  try {
    return JSON.parse(call.arguments);
  } catch {
    throw new Error('fake provider scenario: Anthropic tool_use arguments must be valid JSON');
  }
}

function jsonBody(plan: ReplyPlan): unknown {
  const blocks = blocksOf(plan);
  return {
    model: plan.model,
    id: providerIds.anthropicMessage(),
    type: 'message',
    role: 'assistant',
    content: blocks.map((block) =>
      block.kind === 'text'
        ? { type: 'text', text: block.text }
        : { type: 'tool_use', id: block.id, name: block.call.name, input: toolInput(block.call) },
    ),
    stop_reason: stopReasonOf(blocks, plan),
    stop_sequence: null,
    stop_details: null,
    usage: {
      input_tokens: plan.inputTokens,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
      output_tokens: plan.outputTokens,
      service_tier: 'standard',
    },
  };
}

function blockEvents(block: Block, index: number): SseEvent[] {
  const event = (payload: Record<string, unknown>) => jsonEvent(payload, String(payload.type));
  const events: SseEvent[] = [];
  if (block.kind === 'text') {
    events.push(event({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } }));
  } else {
    const start = { type: 'tool_use', id: block.id, name: block.call.name, input: {} };
    events.push(event({ type: 'content_block_start', index, content_block: start }));
  }
  // Anthropic sends one ping right after the first block starts.
  if (index === 0) events.push(event({ type: 'ping' }));
  if (block.kind === 'text') {
    for (const text of block.chunks) {
      events.push(event({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } }));
    }
  } else {
    // The first input_json_delta of a tool_use block is empty on the real API.
    for (const partial_json of ['', ...block.call.argumentChunks]) {
      events.push(
        event({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } }),
      );
    }
  }
  events.push(event({ type: 'content_block_stop', index }));
  return events;
}

function streamEvents(plan: ReplyPlan, _body: unknown, streamError: StreamErrorSpec | undefined): SseEvent[] {
  const blocks = blocksOf(plan);
  const cacheFields = { cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const messageStart = {
    model: plan.model,
    id: providerIds.anthropicMessage(),
    type: 'message',
    role: 'assistant',
    content: [],
    stop_reason: null,
    stop_sequence: null,
    stop_details: null,
    usage: {
      input_tokens: plan.inputTokens,
      ...cacheFields,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
      output_tokens: 1,
      service_tier: 'standard',
    },
  };
  const events: SseEvent[] = [
    jsonEvent({ type: 'message_start', message: messageStart }, 'message_start'),
    ...blocks.flatMap((block, index) => blockEvents(block, index)),
    jsonEvent(
      {
        type: 'message_delta',
        delta: { stop_reason: stopReasonOf(blocks, plan), stop_sequence: null, stop_details: null },
        usage: { input_tokens: plan.inputTokens, ...cacheFields, output_tokens: plan.outputTokens },
      },
      'message_delta',
    ),
    jsonEvent({ type: 'message_stop' }, 'message_stop'),
  ];
  return failStreamAfter(events, streamError, (spec) => [
    jsonEvent({ type: 'error', error: errorObject(spec, 529) }, 'error'),
  ]);
}

export const anthropicMessages: WireFormat = {
  route: 'anthropic-messages',
  rejectRequest,
  lastUserText: (body) =>
    textOfContent(lastUserContent(isRecord(body) ? body.messages : undefined), ['text']),
  replyCount: () => 1,
  jsonBody,
  streamEvents,
  errorBody,
  requestIdHeader: 'request-id',
  newRequestId: providerIds.anthropicRequest,
};
