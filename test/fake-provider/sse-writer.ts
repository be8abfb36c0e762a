import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** One Server-Sent Event; `event` is omitted for OpenAI chat chunks, which use bare `data:` lines. */
export interface SseEvent {
  event?: string;
  data: string;
}

export function encodeSseEvent(sse: SseEvent): Buffer {
  const eventLine = sse.event === undefined ? '' : `event: ${sse.event}\n`;
  return Buffer.from(`${eventLine}data: ${sse.data}\n\n`, 'utf8');
}

export function jsonEvent(payload: unknown, event?: string): SseEvent {
  return event === undefined ? { data: JSON.stringify(payload) } : { event, data: JSON.stringify(payload) };
}

export interface BodyWriteOptions {
  /** Re-slice the body into pieces of this many bytes, ignoring event and character boundaries. */
  bytesPerWrite?: number;
  writeDelayMs?: number;
  /** Destroy the socket once this many bytes were written. */
  breakAfterBytes?: number;
  /** Prefix each piece (one whole SSE event) with an `id:` line holding the send time; see Scenario.stampEvents. */
  stampEvents?: boolean;
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable across threads of one machine. */
export const preciseNowMs = () => performance.timeOrigin + performance.now();

function stamped(chunk: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`id: ${preciseNowMs().toFixed(3)}\n`, 'utf8'), chunk]);
}

function toWrites(pieces: Buffer[], bytesPerWrite: number | undefined): Buffer[] {
  if (bytesPerWrite === undefined) return pieces;
  if (bytesPerWrite < 1) throw new Error('fake provider scenario: bytesPerWrite must be at least 1');
  const whole = Buffer.concat(pieces);
  const writes: Buffer[] = [];
  for (let offset = 0; offset < whole.length; offset += bytesPerWrite) {
    writes.push(whole.subarray(offset, offset + bytesPerWrite));
  }
  return writes;
}

function truncate(writes: Buffer[], limit: number | undefined): Buffer[] {
  if (limit === undefined) return writes;
  const kept: Buffer[] = [];
  let remaining = limit;
  for (const write of writes) {
    if (remaining <= 0) break;
    kept.push(write.subarray(0, remaining));
    remaining -= write.length;
  }
  return kept;
}

function writeAndFlush(res: ServerResponse, chunk: Buffer): Promise<void> {
  // Waiting for the callback means the bytes reached the socket before the next write or a
  // deliberate destroy, so a "broken stream" really delivers the events before it breaks.
  return new Promise((resolve) => {
    res.write(chunk, () => resolve());
  });
}

/**
 * Writes a body (headers already set) piece by piece, then ends it — or destroys the socket when
 * a break is scripted. Stops quietly if the client goes away.
 */
export async function writeBody(
  res: ServerResponse,
  pieces: Buffer[],
  options: BodyWriteOptions,
): Promise<void> {
  const writes = truncate(toWrites(pieces, options.bytesPerWrite), options.breakAfterBytes);
  for (const [index, chunk] of writes.entries()) {
    if (res.destroyed) return;
    if (index > 0 && options.writeDelayMs) await sleep(options.writeDelayMs);
    if (res.destroyed) return;
    if (chunk.length > 0) await writeAndFlush(res, options.stampEvents ? stamped(chunk) : chunk);
  }
  if (options.breakAfterBytes !== undefined) {
    res.socket?.destroy();
    return;
  }
  res.end();
}

/** Byte length of the first `count` events, used to break a stream on an event boundary. */
export function bytesOfFirstEvents(encoded: Buffer[], count: number): number {
  return encoded.slice(0, count).reduce((sum, piece) => sum + piece.length, 0);
}
