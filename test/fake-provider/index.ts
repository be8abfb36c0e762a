/**
 * Fake LLM provider for tests: a local HTTP server speaking the real OpenAI chat completions,
 * OpenAI Responses and Anthropic Messages wire formats (JSON and SSE), scripted per request.
 *
 *   const fake = await startFakeProvider();
 *   // base URLs: `${fake.url}/v1` (OpenAI), `${fake.url}/v1beta/openai` (Gemini), `${fake.url}` (Anthropic)
 *   fake.script({ chunks: ['Hi [NA', 'ME: ab12cd34]'], bytesPerWrite: 3 });
 *   // …call the proxy…
 *   fake.requests[0]?.body; // what the proxy sent upstream
 *   await fake.close();
 */
export { startFakeProvider, type FakeProvider, type FakeProviderOptions } from './server.js';
export type {
  ProviderErrorSpec,
  RecordedRequest,
  ReplySpec,
  RouteName,
  Scenario,
  StreamErrorSpec,
  ToolCallSpec,
} from './scenario.js';
