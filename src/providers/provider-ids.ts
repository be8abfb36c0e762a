/** Providers a tenant can register keys for (DESIGN 6). `custom` is any OpenAI-compatible server. */
export const CHAT_PROVIDER_IDS = [
  'openai',
  'xai',
  'deepseek',
  'mistral',
  'gemini',
  'groq',
  'together',
  'fireworks',
  'openrouter',
  'custom',
] as const;
export const PROVIDER_IDS = [...CHAT_PROVIDER_IDS, 'anthropic'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];
