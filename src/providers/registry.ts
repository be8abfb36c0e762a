import type { ProviderId } from './provider-ids.js';

/** The request/response family a provider speaks. */
export type Dialect = 'chat' | 'messages';

export interface ProviderSpec {
  id: ProviderId;
  dialect: Dialect;
  /** Base URL as the provider's SDK takes it, version path included (DESIGN 6). */
  baseUrl: string | null;
  /** Accepts `stream_options.include_usage` on chat streams. */
  streamUsage: boolean;
  /** Serves the OpenAI Responses API at `/responses`. */
  responses: boolean;
}

const chat = (id: ProviderId, baseUrl: string | null, over: Partial<ProviderSpec> = {}): ProviderSpec => ({
  id,
  dialect: 'chat',
  baseUrl,
  streamUsage: true,
  responses: false,
  ...over,
});

/** Providers are data: generic relay code never names one. */
const REGISTRY: Record<ProviderId, ProviderSpec> = {
  openai: chat('openai', 'https://api.openai.com/v1', { responses: true }),
  xai: chat('xai', 'https://api.x.ai/v1', { responses: true }),
  deepseek: chat('deepseek', 'https://api.deepseek.com/v1'),
  mistral: chat('mistral', 'https://api.mistral.ai/v1', { streamUsage: false }),
  gemini: chat('gemini', 'https://generativelanguage.googleapis.com/v1beta/openai'),
  groq: chat('groq', 'https://api.groq.com/openai/v1'),
  together: chat('together', 'https://api.together.xyz/v1'),
  fireworks: chat('fireworks', 'https://api.fireworks.ai/inference/v1'),
  openrouter: chat('openrouter', 'https://openrouter.ai/api/v1', { responses: true }),
  // Any OpenAI-compatible server (vLLM, Ollama…): its base URL comes with the registered key.
  custom: chat('custom', null, { streamUsage: false, responses: true }),
  anthropic: {
    id: 'anthropic',
    dialect: 'messages',
    baseUrl: 'https://api.anthropic.com',
    streamUsage: false,
    responses: false,
  },
};

export interface ProviderRegistry {
  spec(id: ProviderId): ProviderSpec;
  /** Where requests for this provider go: env override, else the key's own base URL (custom), else the default. */
  baseUrl(id: ProviderId, keyBaseUrl: string | null): string | null;
}

export function createProviderRegistry(options: {
  overrides: Record<string, string>;
  customStreamUsage: boolean;
}): ProviderRegistry {
  const { overrides, customStreamUsage } = options;
  return {
    spec: (id) => (id === 'custom' ? { ...REGISTRY.custom, streamUsage: customStreamUsage } : REGISTRY[id]),
    baseUrl: (id, keyBaseUrl) => overrides[id] ?? (id === 'custom' ? keyBaseUrl : REGISTRY[id].baseUrl),
  };
}
