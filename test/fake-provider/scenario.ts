/** Which wire format a request path was routed to. */
export type RouteName = 'openai-chat' | 'openai-responses' | 'anthropic-messages' | 'unknown';

export interface RecordedRequest {
  method: string;
  /** URL path without the query string, e.g. `/v1/chat/completions`. */
  path: string;
  /** Query string including the leading `?`, or `''`. */
  query: string;
  route: RouteName;
  /** Header names lower-cased; repeated headers joined with `, `. */
  headers: Record<string, string>;
  rawBody: string;
  /** Parsed JSON body, or `undefined` when the body is not JSON. */
  body: unknown;
  /**
   * Settles when the exchange is over: `complete` when the whole response was sent, not when the
   * connection closed first (the client went away, or a scripted break).
   */
  closed: Promise<{ complete: boolean }>;
}

export interface ToolCallSpec {
  name: string;
  /**
   * `custom`: a call of an OpenAI custom (free-form) tool, whose `arguments` string is the raw input text;
   * only the Responses format sends these (`custom_tool_call` items), the others refuse the scenario.
   */
  type?: 'function' | 'custom';
  /** Arguments as the model would emit them; an object is serialized with JSON.stringify. */
  arguments: string | Record<string, unknown>;
  /** Provider-style id is generated when absent (`call_…`, `toolu_…`). */
  id?: string;
  /** Exact fragments to stream the arguments in; they must join to the arguments text. */
  argumentChunks?: string[];
}

/** One assistant reply: a chat choice, or the content of an Anthropic / Responses message. */
export interface ReplySpec {
  text?: string;
  /** Exact text fragments to stream; they must join to `text` when both are given. */
  chunks?: string[];
  toolCalls?: ToolCallSpec[];
}

/** An HTTP error answered instead of a reply, in the provider's own error shape. */
export interface ProviderErrorSpec {
  status: number;
  /** Provider error type, e.g. `rate_limit_error` or `server_error`; a per-status default otherwise. */
  type?: string;
  /** OpenAI `code` field (ignored by the Anthropic shape). */
  code?: string | null;
  /** OpenAI `param` field (ignored by the Anthropic shape). */
  param?: string | null;
  message?: string;
  /** Replaces the whole generated body, for provider quirks (e.g. Gemini's array-wrapped errors). */
  body?: unknown;
}

/** An error event sent inside an otherwise healthy stream, in the provider's stream format. */
export interface StreamErrorSpec {
  /** Number of normal events sent before the error event. */
  afterEvents: number;
  type?: string;
  code?: string | null;
  message?: string;
}

export interface Scenario extends Omit<ReplySpec, 'text'> {
  /** Reply text; a function receives the recorded request. Default: the last user message text. */
  text?: string | ((request: RecordedRequest) => string);
  /** Several chat choices (`n`); for Anthropic and Responses only the first is used. */
  choices?: ReplySpec[];
  /** Stream text in pieces of this many characters (code points). */
  chunkSize?: number;
  /** Stream text and tool arguments one character (code point) per delta. */
  splitEveryChar?: boolean;
  /** Write the response body in pieces of this many bytes, splitting UTF-8 sequences and SSE lines. */
  bytesPerWrite?: number;
  /** Pause between body writes (per event, or per byte piece with bytesPerWrite). */
  writeDelayMs?: number;
  /**
   * Streams only: give every event an `id:` line with its send time in milliseconds
   * (`performance.timeOrigin + performance.now()`, three decimals), taken right before the write.
   * An `id:` line, not an SSE comment, because relays that re-frame events keep ids and drop comments.
   * Cannot be combined with bytesPerWrite.
   */
  stampEvents?: boolean;
  /** Token counts to report instead of the length-based estimate. */
  usage?: { inputTokens?: number; outputTokens?: number };
  /** Raw finish reason (chat `finish_reason`, Anthropic `stop_reason`) instead of the default. */
  finishReason?: string;
  /** Model name to report; default: the request's `model`. */
  model?: string;
  /** Extra response headers, on success and error responses. */
  headers?: Record<string, string>;
  error?: ProviderErrorSpec;
  streamError?: StreamErrorSpec;
  /** Destroy the socket after this many SSE events were written. */
  breakAfterEvents?: number;
  /** Destroy the socket after this many body bytes were written (stream or JSON). */
  breakAfterBytes?: number;
  /** Wait this long before sending the status line and headers. */
  headersDelayMs?: number;
  /** Never answer; the connection stays open until the client gives up or the server closes. */
  hang?: boolean;
}
