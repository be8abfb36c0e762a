import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { anthropicMessages } from './anthropic-messages.js';
import { openAiErrorBody } from './openai-errors.js';
import { openAiChat } from './openai-chat.js';
import { openAiResponses } from './openai-responses.js';
import { planReplies } from './reply-plan.js';
import type { ProviderErrorSpec, RecordedRequest, Scenario } from './scenario.js';
import { bytesOfFirstEvents, encodeSseEvent, writeBody } from './sse-writer.js';
import { isRecord, type WireFormat } from './wire-format.js';

export interface FakeProviderOptions {
  /** How requests are answered when nothing is queued; default: echo the last user message. */
  defaultScenario?: Scenario;
}

export interface FakeProvider {
  /** Base address without a path, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** Every request received, in arrival order (including rejected and unrouted ones). */
  requests: RecordedRequest[];
  /** Answer the next request with this scenario, replacing anything queued. */
  script(next: Scenario): void;
  /** Answer the next requests with these scenarios, one each, after those already queued. */
  enqueue(...scenarios: Scenario[]): void;
  /** Forget recorded requests and queued scenarios. */
  reset(): void;
  /** Stop listening and drop every open connection, hanging ones included. */
  close(): Promise<void>;
}

// Far above the proxy's own 20 MiB limit, so only a runaway client can hit it.
const MAX_BODY_BYTES = 64 * 1024 * 1024;

function routeOf(method: string, path: string): WireFormat | undefined {
  if (method !== 'POST') return undefined;
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed.endsWith('/chat/completions')) return openAiChat;
  if (trimmed.endsWith('/responses')) return openAiResponses;
  if (trimmed.endsWith('/messages')) return anthropicMessages;
  return undefined;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Error('fake provider: request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function lowerCasedHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Resolves once the response is done with: complete, or cut off with bytes still to send. */
function closedOutcome(res: ServerResponse): Promise<{ complete: boolean }> {
  return new Promise((resolve) => res.once('close', () => resolve({ complete: res.writableFinished })));
}

async function record(
  req: IncomingMessage,
  res: ServerResponse,
  format: WireFormat | undefined,
): Promise<RecordedRequest> {
  const url = new URL(req.url ?? '/', 'http://fake-provider.invalid');
  const closed = closedOutcome(res);
  const rawBody = await readBody(req);
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: url.search,
    route: format?.route ?? 'unknown',
    headers: lowerCasedHeaders(req),
    rawBody,
    body: parseJson(rawBody),
    closed,
  };
}

async function sendJson(
  res: ServerResponse,
  status: number,
  payload: unknown,
  headers: OutgoingHttpHeaders,
  scenario: Scenario | undefined,
): Promise<void> {
  const body = Buffer.from(JSON.stringify(payload), 'utf8');
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': body.length, ...headers });
  await writeBody(res, [body], {
    bytesPerWrite: scenario?.bytesPerWrite,
    writeDelayMs: scenario?.writeDelayMs,
    breakAfterBytes: scenario?.breakAfterBytes,
  });
}

function minDefined(...values: (number | undefined)[]): number | undefined {
  const defined = values.filter((value): value is number => value !== undefined);
  return defined.length > 0 ? Math.min(...defined) : undefined;
}

async function answer(
  res: ServerResponse,
  format: WireFormat,
  request: RecordedRequest,
  scenario: Scenario,
): Promise<void> {
  const requestId = format.newRequestId();
  const headers: OutgoingHttpHeaders = { [format.requestIdHeader]: requestId, ...scenario.headers };
  const sendError = (spec: ProviderErrorSpec) =>
    sendJson(res, spec.status, format.errorBody(spec, requestId), headers, scenario);

  if (scenario.hang) return;
  if (scenario.headersDelayMs) await sleep(scenario.headersDelayMs);
  if (res.destroyed) return;
  if (scenario.error) return sendError(scenario.error);

  const body = request.body;
  const plan = planReplies({
    scenario,
    request,
    echoText: format.lastUserText(body),
    replyCount: format.replyCount(body),
  });
  if (!(isRecord(body) && body.stream === true)) {
    return sendJson(res, 200, format.jsonBody(plan, body), headers, scenario);
  }

  if (scenario.stampEvents && scenario.bytesPerWrite !== undefined) {
    throw new Error('fake provider scenario: stampEvents needs whole events, not bytesPerWrite');
  }
  const encoded = format.streamEvents(plan, body, scenario.streamError).map(encodeSseEvent);
  const breakAfterEventsBytes =
    scenario.breakAfterEvents === undefined
      ? undefined
      : bytesOfFirstEvents(encoded, scenario.breakAfterEvents);
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    ...headers,
  });
  res.flushHeaders();
  await writeBody(res, encoded, {
    bytesPerWrite: scenario.bytesPerWrite,
    writeDelayMs: scenario.writeDelayMs,
    breakAfterBytes: minDefined(scenario.breakAfterBytes, breakAfterEventsBytes),
    stampEvents: scenario.stampEvents,
  });
}

export async function startFakeProvider(options: FakeProviderOptions = {}): Promise<FakeProvider> {
  const requests: RecordedRequest[] = [];
  const queue: Scenario[] = [];
  const defaultScenario = options.defaultScenario ?? {};

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const format = routeOf(
      req.method ?? 'GET',
      new URL(req.url ?? '/', 'http://fake-provider.invalid').pathname,
    );
    const request = await record(req, res, format);
    requests.push(request);
    if (!format) {
      const spec = { status: 404, code: null, message: `Invalid URL (${request.method} ${request.path})` };
      return sendJson(res, 404, openAiErrorBody(spec), {}, undefined);
    }
    // Real providers reject bad credentials or malformed bodies before anything else, so the
    // scripted scenario stays queued for the next, well-formed request.
    const rejection = format.rejectRequest(request);
    if (rejection) {
      const requestId = format.newRequestId();
      const body = format.errorBody(rejection, requestId);
      return sendJson(res, rejection.status, body, { [format.requestIdHeader]: requestId }, undefined);
    }
    return answer(res, format, request, queue.shift() ?? defaultScenario);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A broken scenario is a bug in the test; make it loud rather than a silent hang.
      const message = error instanceof Error ? error.message : 'fake provider failure';
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message, type: 'fake_provider_error', param: null, code: null } }));
      } else {
        res.destroy();
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script(next) {
      queue.length = 0;
      queue.push(next);
    },
    enqueue(...scenarios) {
      queue.push(...scenarios);
    },
    reset() {
      requests.length = 0;
      queue.length = 0;
    },
    close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      return closed;
    },
  };
}
