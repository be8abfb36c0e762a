import type { Dialect } from '../providers/registry.js';
import type { ProviderSpec } from '../providers/registry.js';
import { chatRequestSlots } from './sanitize-chat.js';
import { messagesRequestSlots } from './sanitize-messages.js';
import { responsesRequestSlots } from './sanitize-responses.js';
import {
  chatResponseSlots,
  messagesResponseSlots,
  responsesResponseSlots,
  type RestoreSlots,
} from './restore-walkers.js';
import type { ProxyDialect } from './pretext-placement.js';
import type { SlotCollection } from './text-slots.js';
import type { ErrorShape } from './proxy-errors.js';
import {
  asNumber,
  asRecord,
  type RewriterOptions,
  type StreamRewriter,
  type StreamUsage,
} from '../relay/stream-rewriter.js';
import { chatStreamRewriter } from '../relay/chat-stream.js';
import { messagesStreamRewriter } from '../relay/messages-stream.js';
import { responsesStreamRewriter } from '../relay/responses-stream.js';

/** Everything that differs between the three proxy endpoints; the relay itself is generic. */
export interface ProxyEndpoint {
  name: ProxyDialect;
  /** Our route, and what is appended to the provider's base URL. */
  path: string;
  upstreamPath: string;
  errorShape: ErrorShape;
  /** Whether a provider may serve this endpoint. */
  serves(spec: ProviderSpec): boolean;
  /** `x-api-key` is taken besides `Authorization: Bearer`. */
  apiKeyHeader: boolean;
  /** Headers added upstream when the caller sent none. */
  defaultHeaders: Record<string, string>;
  requestSlots(body: unknown): SlotCollection;
  responseSlots(body: unknown): RestoreSlots;
  usageOf(body: Record<string, unknown>): StreamUsage;
  streamRewriter(options: RewriterOptions): StreamRewriter;
}

const providerDialect = (dialect: Dialect) => (spec: ProviderSpec) => spec.dialect === dialect;

const usageFields =
  (input: string, output: string) =>
  (body: Record<string, unknown>): StreamUsage => {
    const u = asRecord(body.usage);
    return { inputTokens: asNumber(u?.[input]), outputTokens: asNumber(u?.[output]) };
  };

export const PROXY_ENDPOINTS: ProxyEndpoint[] = [
  {
    name: 'chat',
    path: '/chat/completions',
    upstreamPath: '/chat/completions',
    errorShape: 'openai',
    serves: providerDialect('chat'),
    apiKeyHeader: false,
    defaultHeaders: {},
    requestSlots: chatRequestSlots,
    responseSlots: chatResponseSlots,
    usageOf: usageFields('prompt_tokens', 'completion_tokens'),
    streamRewriter: chatStreamRewriter,
  },
  {
    name: 'responses',
    path: '/responses',
    upstreamPath: '/responses',
    errorShape: 'openai',
    serves: (spec) => spec.dialect === 'chat' && spec.responses,
    apiKeyHeader: false,
    defaultHeaders: {},
    requestSlots: responsesRequestSlots,
    responseSlots: responsesResponseSlots,
    usageOf: usageFields('input_tokens', 'output_tokens'),
    streamRewriter: responsesStreamRewriter,
  },
  {
    name: 'messages',
    path: '/v1/messages',
    upstreamPath: '/v1/messages',
    errorShape: 'anthropic',
    serves: providerDialect('messages'),
    apiKeyHeader: true,
    defaultHeaders: { 'anthropic-version': '2023-06-01' },
    requestSlots: messagesRequestSlots,
    responseSlots: messagesResponseSlots,
    usageOf: usageFields('input_tokens', 'output_tokens'),
    streamRewriter: messagesStreamRewriter,
  },
];
