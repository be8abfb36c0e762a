import { providerIds } from './ids.js';
import { openAiErrorBody, openAiErrorObject, rejectOpenAiRequest } from './openai-errors.js';
import { functionCallsOnly, type PlannedReply, type ReplyPlan } from './reply-plan.js';
import { jsonEvent, type SseEvent } from './sse-writer.js';
import type { StreamErrorSpec } from './scenario.js';
import { failStreamAfter, isRecord, lastUserContent, textOfContent, type WireFormat } from './wire-format.js';

// OpenAI chat completions (`POST …/chat/completions`), also spoken by xAI, DeepSeek, Mistral, Gemini's
// OpenAI endpoint, Groq, Together, Fireworks, OpenRouter and custom OpenAI-compatible servers.

interface StreamOptions {
  includeUsage: boolean;
  includeObfuscation: boolean;
}

function streamOptionsOf(body: unknown): StreamOptions {
  const options = isRecord(body) && isRecord(body.stream_options) ? body.stream_options : {};
  return {
    includeUsage: options.include_usage === true,
    // Obfuscation is on by default for streams; only an explicit false turns it off.
    includeObfuscation: options.include_obfuscation !== false,
  };
}

function usageObject(plan: ReplyPlan) {
  return {
    prompt_tokens: plan.inputTokens,
    completion_tokens: plan.outputTokens,
    total_tokens: plan.inputTokens + plan.outputTokens,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

function finishReasonOf(reply: PlannedReply, plan: ReplyPlan): string {
  return plan.finishReason ?? (reply.toolCalls.length > 0 ? 'tool_calls' : 'stop');
}

/** Tool call ids are fixed once per response so stream and JSON shapes stay self-consistent. */
function withToolCallIds(plan: ReplyPlan): PlannedReply[] {
  functionCallsOnly(plan, 'OpenAI chat');
  return plan.replies.map((reply) => ({
    ...reply,
    toolCalls: reply.toolCalls.map((call) => ({ ...call, id: call.id ?? providerIds.chatToolCall() })),
  }));
}

function jsonBody(plan: ReplyPlan): unknown {
  return {
    id: providerIds.chatCompletion(),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: plan.model,
    choices: withToolCallIds(plan).map((reply, index) => {
      const hasText = reply.text.length > 0 || reply.toolCalls.length === 0;
      const message: Record<string, unknown> = {
        role: 'assistant',
        content: hasText ? reply.text : null,
        refusal: null,
        annotations: [],
      };
      if (reply.toolCalls.length > 0) {
        message.tool_calls = reply.toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        }));
      }
      return { index, message, logprobs: null, finish_reason: finishReasonOf(reply, plan) };
    }),
    usage: usageObject(plan),
    service_tier: 'default',
    system_fingerprint: providerIds.systemFingerprint(),
  };
}

interface ChoiceDelta {
  delta: Record<string, unknown>;
  finish_reason: string | null;
}

/** The deltas of one choice, in the order OpenAI sends them: role, text, tool call headers and arguments, finish. */
function choiceDeltas(reply: PlannedReply, plan: ReplyPlan): ChoiceDelta[] {
  const deltas: ChoiceDelta[] = [];
  const hasText = reply.text.length > 0 || reply.toolCalls.length === 0;
  if (hasText) {
    deltas.push({ delta: { role: 'assistant', content: '', refusal: null }, finish_reason: null });
    for (const piece of reply.textChunks) deltas.push({ delta: { content: piece }, finish_reason: null });
  }
  reply.toolCalls.forEach((call, index) => {
    const header = { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } };
    const opensMessage = !hasText && index === 0;
    deltas.push({
      delta: opensMessage
        ? { role: 'assistant', content: null, tool_calls: [header], refusal: null }
        : { tool_calls: [header] },
      finish_reason: null,
    });
    for (const piece of call.argumentChunks) {
      deltas.push({
        delta: { tool_calls: [{ index, function: { arguments: piece } }] },
        finish_reason: null,
      });
    }
  });
  deltas.push({ delta: {}, finish_reason: finishReasonOf(reply, plan) });
  return deltas;
}

function streamEvents(plan: ReplyPlan, body: unknown, streamError: StreamErrorSpec | undefined): SseEvent[] {
  const options = streamOptionsOf(body);
  const header = {
    id: providerIds.chatCompletion(),
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: plan.model,
    service_tier: 'default',
    system_fingerprint: providerIds.systemFingerprint(),
  };
  const chunk = (choices: unknown[], usage: unknown = null): SseEvent => {
    const payload: Record<string, unknown> = { ...header, choices };
    if (options.includeUsage) payload.usage = usage;
    if (options.includeObfuscation) payload.obfuscation = providerIds.obfuscation(JSON.stringify(choices));
    return jsonEvent(payload);
  };

  const perChoice = withToolCallIds(plan).map((reply) => choiceDeltas(reply, plan));
  const events: SseEvent[] = [];
  // With n > 1 OpenAI interleaves the choices' chunks; round-robin reproduces that.
  const steps = Math.max(...perChoice.map((deltas) => deltas.length));
  for (let step = 0; step < steps; step++) {
    perChoice.forEach((deltas, index) => {
      const item = deltas[step];
      if (item)
        events.push(chunk([{ index, delta: item.delta, logprobs: null, finish_reason: item.finish_reason }]));
    });
  }
  if (options.includeUsage) events.push(chunk([], usageObject(plan)));
  events.push({ data: '[DONE]' });
  // OpenAI reports a mid-stream failure as a data line carrying an `error` object, then closes the stream.
  return failStreamAfter(events, streamError, (spec) => [jsonEvent({ error: openAiErrorObject(spec, 500) })]);
}

export const openAiChat: WireFormat = {
  route: 'openai-chat',
  rejectRequest: (request) => {
    const rejection = rejectOpenAiRequest(request, ['model', 'messages']);
    if (rejection) return rejection;
    const body = request.body;
    // Real OpenAI refuses stream_options on a non-streaming request.
    if (isRecord(body) && body.stream_options != null && body.stream !== true) {
      return {
        status: 400,
        param: 'stream_options',
        code: null,
        message: "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
      };
    }
    return undefined;
  },
  lastUserText: (body) =>
    textOfContent(lastUserContent(isRecord(body) ? body.messages : undefined), ['text']),
  replyCount: (body) => (isRecord(body) && typeof body.n === 'number' ? body.n : 1),
  jsonBody,
  streamEvents,
  errorBody: openAiErrorBody,
  requestIdHeader: 'x-request-id',
  newRequestId: providerIds.openAiRequest,
};
