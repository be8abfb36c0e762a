import type { RecordedRequest, ReplySpec, Scenario, ToolCallSpec } from './scenario.js';

export interface PlannedToolCall {
  id: string | undefined;
  type: 'function' | 'custom';
  name: string;
  arguments: string;
  argumentChunks: string[];
}

export interface PlannedReply {
  text: string;
  textChunks: string[];
  toolCalls: PlannedToolCall[];
}

export interface ReplyPlan {
  model: string;
  replies: PlannedReply[];
  inputTokens: number;
  outputTokens: number;
  finishReason: string | undefined;
}

export interface PlanInput {
  scenario: Scenario;
  request: RecordedRequest;
  /** Text of the last user turn, used when the scenario scripts no reply. */
  echoText: string;
  /** Number of replies the request asks for (chat `n`). */
  replyCount: number;
}

// Real argument deltas are a few characters each ({"ci / ty":" / Par / is"}), not whole words.
const DEFAULT_ARGUMENT_CHUNK = 5;

function codePoints(text: string): string[] {
  return Array.from(text);
}

function groupCodePoints(text: string, size: number): string[] {
  const points = codePoints(text);
  const pieces: string[] = [];
  for (let i = 0; i < points.length; i += size) pieces.push(points.slice(i, i + size).join(''));
  return pieces;
}

/** Word-sized pieces with their leading whitespace, like model tokens (" Harmony", " Day"). */
function wordPieces(text: string): string[] {
  return text.match(/\s*\S+|\s+/g) ?? [];
}

function checkJoined(pieces: string[], whole: string, what: string): string[] {
  if (pieces.join('') !== whole)
    throw new Error(`fake provider scenario: ${what} chunks do not join to the ${what}`);
  return pieces;
}

function splitText(text: string, scenario: Scenario, explicit: string[] | undefined): string[] {
  if (explicit) return checkJoined(explicit, text, 'text');
  if (scenario.splitEveryChar) return codePoints(text);
  if (scenario.chunkSize !== undefined) return groupCodePoints(text, scenario.chunkSize);
  return wordPieces(text);
}

function planToolCall(call: ToolCallSpec, scenario: Scenario): PlannedToolCall {
  const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
  let argumentChunks: string[];
  if (call.argumentChunks) argumentChunks = checkJoined(call.argumentChunks, args, 'arguments');
  else if (scenario.splitEveryChar) argumentChunks = codePoints(args);
  else argumentChunks = groupCodePoints(args, scenario.chunkSize ?? DEFAULT_ARGUMENT_CHUNK);
  return { id: call.id, type: call.type ?? 'function', name: call.name, arguments: args, argumentChunks };
}

/** Custom tool calls exist only in the Responses format; the others refuse a scenario that scripts one. */
export function functionCallsOnly(plan: ReplyPlan, format: string): void {
  if (plan.replies.some((reply) => reply.toolCalls.some((call) => call.type === 'custom')))
    throw new Error(`fake provider scenario: ${format} has no custom tool calls`);
}

function planReply(spec: ReplySpec, scenario: Scenario): PlannedReply {
  const text = spec.text ?? spec.chunks?.join('') ?? '';
  return {
    text,
    textChunks: splitText(text, scenario, spec.chunks),
    toolCalls: (spec.toolCalls ?? []).map((call) => planToolCall(call, scenario)),
  };
}

function scriptedReplies({ scenario, request, echoText, replyCount }: PlanInput): ReplySpec[] {
  if (scenario.choices) return scenario.choices;
  const scriptsSomething =
    scenario.text !== undefined || scenario.chunks !== undefined || scenario.toolCalls !== undefined;
  const text = typeof scenario.text === 'function' ? scenario.text(request) : scenario.text;
  const single: ReplySpec = scriptsSomething
    ? { text, chunks: scenario.chunks, toolCalls: scenario.toolCalls }
    : { text: echoText };
  return Array.from({ length: Math.max(1, replyCount) }, () => single);
}

// Roughly four characters per token, as for English text with OpenAI/Anthropic tokenizers.
function estimateTokens(characters: number): number {
  return Math.max(1, Math.ceil(characters / 4));
}

export function planReplies(input: PlanInput): ReplyPlan {
  const { scenario, request } = input;
  const replies = scriptedReplies(input).map((spec) => planReply(spec, scenario));
  const outputCharacters = replies.reduce(
    (sum, reply) =>
      sum + reply.text.length + reply.toolCalls.reduce((s, c) => s + c.name.length + c.arguments.length, 0),
    0,
  );
  const requestModel = (request.body as { model?: unknown } | undefined)?.model;
  return {
    model: scenario.model ?? (typeof requestModel === 'string' ? requestModel : 'unknown-model'),
    replies,
    inputTokens: scenario.usage?.inputTokens ?? estimateTokens(request.rawBody.length),
    outputTokens: scenario.usage?.outputTokens ?? estimateTokens(outputCharacters),
    finishReason: scenario.finishReason,
  };
}
