import type { TokenLookup } from './restore-text.js';

/** One server-sent event as parsed or as written. */
export interface SseEvent {
  event?: string | undefined;
  data: string;
  id?: string | undefined;
}

export interface StreamUsage {
  inputTokens: number | null;
  outputTokens: number | null;
}

/**
 * A per-dialect, stateful rewrite of a provider's event stream: restores token text in the
 * streamed text and tool arguments, holding back only what could still become a token.
 */
export interface StreamRewriter {
  /** Events to send for one upstream event (zero, one, or a held-text delta plus the event). */
  onEvent(event: SseEvent): SseEvent[];
  /** Events to send when the upstream stream ended without its end signal: held text first. */
  onEnd(): SseEvent[];
  /** Events to send when the upstream stream broke: an error event (held text is dropped). */
  onBreak(message: string): SseEvent[];
  usage(): StreamUsage;
  restoredCount(): number;
}

export interface RewriterOptions {
  /** id → plaintext for tokens that may be restored; null in tokens-only mode (nothing is). */
  lookup: TokenLookup | null;
  /** The proxy added `stream_options.include_usage`; the extra usage chunk is not relayed. */
  dropUsageChunk: boolean;
}

/** Parses an event's JSON data; null for anything that is not a JSON object. */
export function parseData(data: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(data) as unknown;
    return asRecord(value);
  } catch {
    return null;
  }
}

export const asRecord = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

export const asNumber = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;
