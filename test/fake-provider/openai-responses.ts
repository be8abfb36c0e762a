import { providerIds } from './ids.js';
import { openAiErrorBody, openAiErrorObject, rejectOpenAiRequest } from './openai-errors.js';
import type { ReplyPlan } from './reply-plan.js';
import { jsonEvent, type SseEvent } from './sse-writer.js';
import type { StreamErrorSpec } from './scenario.js';
import { failStreamAfter, isRecord, lastUserContent, textOfContent, type WireFormat } from './wire-format.js';

// OpenAI Responses API (`POST …/responses`): JSON response object, or named SSE events with sequence numbers.

// A custom (free-form) tool call streams its raw `input` text the way a function call streams `arguments`.
type OutputItem =
  | { kind: 'message'; id: string; text: string; chunks: string[] }
  | {
      kind: 'function_call' | 'custom_tool_call';
      id: string;
      callId: string;
      name: string;
      arguments: string;
      chunks: string[];
    };

function outputItems(plan: ReplyPlan): OutputItem[] {
  const reply = plan.replies[0];
  if (!reply) return [];
  const items: OutputItem[] = [];
  if (reply.text.length > 0 || reply.toolCalls.length === 0) {
    items.push({
      kind: 'message',
      id: providerIds.responseMessage(),
      text: reply.text,
      chunks: reply.textChunks,
    });
  }
  for (const call of reply.toolCalls) {
    const custom = call.type === 'custom';
    items.push({
      kind: custom ? 'custom_tool_call' : 'function_call',
      id: custom ? providerIds.responseCustomToolCall() : providerIds.responseFunctionCall(),
      callId: call.id ?? providerIds.chatToolCall(),
      name: call.name,
      arguments: call.arguments,
      chunks: call.argumentChunks,
    });
  }
  return items;
}

function outputText(text: string) {
  return { type: 'output_text', annotations: [], logprobs: [], text };
}

function itemJson(item: OutputItem, status: 'in_progress' | 'completed') {
  const done = status === 'completed';
  if (item.kind === 'message') {
    return {
      id: item.id,
      type: 'message',
      status,
      content: done ? [outputText(item.text)] : [],
      role: 'assistant',
    };
  }
  if (item.kind === 'custom_tool_call') {
    return {
      id: item.id,
      type: 'custom_tool_call',
      status,
      call_id: item.callId,
      input: done ? item.arguments : '',
      name: item.name,
    };
  }
  return {
    id: item.id,
    type: 'function_call',
    status,
    arguments: done ? item.arguments : '',
    call_id: item.callId,
    name: item.name,
  };
}

function usageObject(plan: ReplyPlan) {
  return {
    input_tokens: plan.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: plan.outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: plan.inputTokens + plan.outputTokens,
  };
}

interface ResponseShell {
  id: string;
  createdAt: number;
  plan: ReplyPlan;
  body: Record<string, unknown>;
}

/** The response object; request parameters are echoed back as the real API does. */
function responseObject(
  shell: ResponseShell,
  state: { status: 'in_progress' | 'completed' | 'failed'; output: unknown[]; error?: unknown },
) {
  const { body, plan } = shell;
  const finished = state.status !== 'in_progress';
  return {
    id: shell.id,
    object: 'response',
    created_at: shell.createdAt,
    status: state.status,
    background: false,
    completed_at: state.status === 'completed' ? Math.floor(Date.now() / 1000) : null,
    error: state.error ?? null,
    incomplete_details: null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    max_tool_calls: body.max_tool_calls ?? null,
    model: plan.model,
    output: state.output,
    parallel_tool_calls: body.parallel_tool_calls ?? true,
    previous_response_id: body.previous_response_id ?? null,
    prompt_cache_key: body.prompt_cache_key ?? null,
    reasoning: body.reasoning ?? { effort: null, summary: null },
    safety_identifier: body.safety_identifier ?? null,
    service_tier: finished ? 'default' : 'auto',
    store: body.store ?? true,
    temperature: body.temperature ?? 1,
    text: body.text ?? { format: { type: 'text' }, verbosity: 'medium' },
    tool_choice: body.tool_choice ?? 'auto',
    tools: body.tools ?? [],
    top_logprobs: body.top_logprobs ?? 0,
    top_p: body.top_p ?? 1,
    truncation: body.truncation ?? 'disabled',
    usage: state.status === 'completed' ? usageObject(plan) : null,
    user: body.user ?? null,
    metadata: body.metadata ?? {},
  };
}

function shellOf(plan: ReplyPlan, body: unknown): ResponseShell {
  return {
    id: providerIds.response(),
    createdAt: Math.floor(Date.now() / 1000),
    plan,
    body: isRecord(body) ? body : {},
  };
}

function jsonBody(plan: ReplyPlan, body: unknown): unknown {
  const output = outputItems(plan).map((item) => itemJson(item, 'completed'));
  return responseObject(shellOf(plan, body), { status: 'completed', output });
}

function includeObfuscation(body: unknown): boolean {
  return !(
    isRecord(body) &&
    isRecord(body.stream_options) &&
    body.stream_options.include_obfuscation === false
  );
}

/** Payloads of one output item's events, from `output_item.added` to `output_item.done`. */
function itemEvents(item: OutputItem, outputIndex: number, obfuscate: boolean): Record<string, unknown>[] {
  const padding = (delta: string) => (obfuscate ? { obfuscation: providerIds.obfuscation(delta) } : {});
  const events: Record<string, unknown>[] = [
    { type: 'response.output_item.added', item: itemJson(item, 'in_progress'), output_index: outputIndex },
  ];
  if (item.kind === 'message') {
    const where = { content_index: 0, item_id: item.id, output_index: outputIndex };
    events.push({ type: 'response.content_part.added', ...where, part: outputText('') });
    for (const delta of item.chunks) {
      events.push({ type: 'response.output_text.delta', ...where, delta, logprobs: [], ...padding(delta) });
    }
    events.push({ type: 'response.output_text.done', ...where, logprobs: [], text: item.text });
    events.push({ type: 'response.content_part.done', ...where, part: outputText(item.text) });
  } else if (item.kind === 'custom_tool_call') {
    const where = { item_id: item.id, output_index: outputIndex };
    for (const delta of item.chunks) {
      events.push({ type: 'response.custom_tool_call_input.delta', delta, ...where, ...padding(delta) });
    }
    events.push({ type: 'response.custom_tool_call_input.done', input: item.arguments, ...where });
  } else {
    const where = { item_id: item.id, output_index: outputIndex };
    for (const delta of item.chunks) {
      events.push({ type: 'response.function_call_arguments.delta', delta, ...where, ...padding(delta) });
    }
    events.push({ type: 'response.function_call_arguments.done', arguments: item.arguments, ...where });
  }
  events.push({
    type: 'response.output_item.done',
    item: itemJson(item, 'completed'),
    output_index: outputIndex,
  });
  return events;
}

function toSse(payloads: Record<string, unknown>[], firstSequenceNumber: number): SseEvent[] {
  return payloads.map((payload, index) =>
    jsonEvent({ ...payload, sequence_number: firstSequenceNumber + index }, String(payload.type)),
  );
}

function streamEvents(plan: ReplyPlan, body: unknown, streamError: StreamErrorSpec | undefined): SseEvent[] {
  const shell = shellOf(plan, body);
  const items = outputItems(plan);
  const obfuscate = includeObfuscation(body);
  const inProgress = responseObject(shell, { status: 'in_progress', output: [] });
  const payloads: Record<string, unknown>[] = [
    { type: 'response.created', response: inProgress },
    { type: 'response.in_progress', response: inProgress },
    ...items.flatMap((item, index) => itemEvents(item, index, obfuscate)),
    {
      type: 'response.completed',
      response: responseObject(shell, {
        status: 'completed',
        output: items.map((item) => itemJson(item, 'completed')),
      }),
    },
  ];
  return failStreamAfter(toSse(payloads, 0), streamError, (spec, eventsSent) =>
    failureEvents(shell, spec, eventsSent),
  );
}

/** A mid-stream failure: an `error` event, then `response.failed`, as the API sends them. */
function failureEvents(shell: ResponseShell, spec: StreamErrorSpec, eventsSent: number): SseEvent[] {
  const error = openAiErrorObject(spec, 500);
  const code = error.code ?? error.type;
  const failed = responseObject(shell, {
    status: 'failed',
    output: [],
    error: { code, message: error.message },
  });
  return toSse(
    [
      { type: 'error', error: { type: error.type, code, message: error.message, param: null } },
      { type: 'response.failed', response: failed },
    ],
    eventsSent,
  );
}

export const openAiResponses: WireFormat = {
  route: 'openai-responses',
  rejectRequest: (request) => rejectOpenAiRequest(request, ['model']),
  lastUserText: (body) => {
    if (!isRecord(body)) return '';
    if (typeof body.input === 'string') return body.input;
    return textOfContent(lastUserContent(body.input), ['input_text', 'text']);
  },
  replyCount: () => 1,
  jsonBody,
  streamEvents,
  errorBody: openAiErrorBody,
  requestIdHeader: 'x-request-id',
  newRequestId: providerIds.openAiRequest,
};
