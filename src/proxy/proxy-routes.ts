import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import type { Services } from '../services.js';
import { isServiceError, ServiceError } from '../errors.js';
import { toServiceError } from '../http/client-errors.js';
import { createProviderRegistry } from '../providers/registry.js';
import { findSession, mintSessionId, SESSION_HEADER } from '../vault/sessions.js';
import { createSseDecoder, formatSseEvent } from '../relay/sse-utf8.js';
import type { StreamRewriter, StreamUsage } from '../relay/stream-rewriter.js';
import { restoreSlots } from '../relay/restore-json.js';
import { createUpstreamAgent, relayedHeaders, sendUpstream, upstreamHeaders } from '../relay/upstream.js';
import { PROXY_ENDPOINTS, type ProxyEndpoint } from './dialects.js';
import { presentedProviderKey, ProviderKeyAuth } from './provider-key-auth.js';
import { sendProxyError } from './proxy-errors.js';
import { sanitizeRequest } from './sanitize-request.js';
import { recordProxyCall, type ProxyCallRecord } from './proxy-call-log.js';

/** The id of the call's request-log entry (admin `…/requests/{id}`), on every proxy response. */
export const REQUEST_ID_HEADER = 'x-service-request-id';
/** Proxy bodies may carry images (DESIGN 5). */
export const PROXY_BODY_LIMIT = 20 * 1024 * 1024;
/** Debug bodies are capped (DESIGN 6). */
const DEBUG_CAP_BYTES = 1024 * 1024;

const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;

export const proxyRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const registry = createProviderRegistry({
    overrides: services.config.upstreams,
    customStreamUsage: services.config.SERVICE_CUSTOM_STREAM_USAGE,
  });
  const auth = new ProviderKeyAuth(services.db, services.providerKeyHmacKey);
  const agent = createUpstreamAgent({
    headersTimeoutMs: services.config.SERVICE_UPSTREAM_TIMEOUT_MS,
    bodyTimeoutMs: services.config.SERVICE_UPSTREAM_TIMEOUT_MS,
  });
  app.addHook('onClose', async () => {
    await agent.close();
  });
  // Body-parsing failures (bad JSON, too large) on these routes answer in the provider's shape too.
  app.setErrorHandler((error, request, reply) => {
    const endpoint = PROXY_ENDPOINTS.find((e) => request.url.split('?')[0]!.endsWith(e.path));
    return sendProxyError(request, reply, endpoint?.errorShape ?? 'openai', toServiceError(error));
  });

  for (const endpoint of PROXY_ENDPOINTS) {
    // SDKs configured with a base URL ending in /v1 call /v1/chat/completions and /v1/responses.
    const paths = endpoint.path.startsWith('/v1/') ? [endpoint.path] : [endpoint.path, `/v1${endpoint.path}`];
    for (const path of paths)
      app.post(path, { bodyLimit: PROXY_BODY_LIMIT }, async (request, reply) => {
        const call: ProxyCallRecord = {
          // Our request id (our logs use it too), sent back as X-Service-Request-Id: the provider's own
          // `x-request-id` passes through untouched, since SDKs show it for the provider's support.
          id: request.id,
          startedAt: performance.now(),
          at: new Date(),
          tenantId: null,
          provider: null,
          model: null,
          stream: false,
          sessionId: null,
          traceId: TRACEPARENT.exec(String(request.headers.traceparent ?? ''))?.[1] ?? null,
          status: 0,
          upstreamMs: null,
          firstByteMs: null,
          entities: [],
          restored: 0,
          usage: { inputTokens: null, outputTokens: null },
          errorCode: null,
          debug: null,
        };
        reply.header(REQUEST_ID_HEADER, call.id);
        try {
          await relay(endpoint, request, reply, call);
        } catch (error) {
          const serviceError = toServiceError(error);
          call.status = serviceError.status;
          call.errorCode = serviceError.code;
          if (serviceError.status >= 500 && !isServiceError(error))
            request.log.error({ err: error }, 'proxy failed');
          if (!reply.sent && !reply.raw.headersSent) {
            if (call.sessionId) reply.header(SESSION_HEADER, call.sessionId);
            sendProxyError(request, reply, endpoint.errorShape, serviceError);
          }
        } finally {
          if (call.tenantId) {
            recordProxyCall(services, call).catch((error: Error) =>
              request.log.warn({ err: error }, 'could not record proxy call'),
            );
          }
        }
        return reply;
      });
  }

  async function relay(
    endpoint: ProxyEndpoint,
    request: FastifyRequest,
    reply: FastifyReply,
    call: ProxyCallRecord,
  ) {
    const providerKey = presentedProviderKey(request, endpoint.apiKeyHeader);
    if (!providerKey) throw new ServiceError('unauthorized', 'missing provider API key');
    const account = await auth.account(providerKey);
    call.tenantId = account.tenantId;
    call.provider = account.provider;
    const spec = registry.spec(account.provider);
    if (!endpoint.serves(spec)) {
      throw new ServiceError(
        'invalid_request',
        `a ${account.provider} key cannot be used on ${endpoint.path}`,
      );
    }
    const baseUrl = registry.baseUrl(account.provider, account.baseUrl);
    if (!baseUrl) throw new ServiceError('invalid_request', 'this provider key has no base URL');
    const limit = account.settings.rate_limits.proxy_per_minute;
    if (limit !== null)
      await services.rateLimits.consume(`proxy:${account.tenantId}:${account.providerKeyId}`, limit);

    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw new ServiceError('invalid_request', 'request body must be a JSON object');
    }
    const payload = body as Record<string, unknown>;
    call.model = typeof payload.model === 'string' ? payload.model.slice(0, 200) : null;
    call.stream = payload.stream === true;

    const tokensOnly = String(request.headers['x-service-mode'] ?? '').toLowerCase() === 'tokens-only';
    const namedHeader = request.headers[SESSION_HEADER];
    const named = typeof namedHeader === 'string' && namedHeader.trim() ? namedHeader.trim() : null;
    // The named session is looked up while detection runs; a new one is only stored once detection
    // succeeded, so a refused call leaves nothing behind.
    const openSession = async () => {
      const session = named
        ? { ...(await findSession(services.db, account.tenantId, named)), isNew: false }
        : { id: mintSessionId(), ownerEndUserId: null, isNew: true };
      call.sessionId = session.id;
      await services.vault.cache.ensureAvailable();
      return session;
    };

    const sanitized = await sanitizeRequest(services, endpoint, payload, {
      tenantId: account.tenantId,
      settings: account.settings.detection,
      openSession,
      continuedSessionId: named,
      credentialId: account.providerKeyId,
      tokensOnly,
    });
    const { session } = sanitized;
    call.entities = sanitized.entities;

    // Ask for usage on chat streams where the provider accepts it; the extra chunk is ours, not relayed.
    let dropUsageChunk = false;
    const streamOptions = (payload.stream_options ?? {}) as Record<string, unknown>;
    if (
      endpoint.name === 'chat' &&
      call.stream &&
      spec.streamUsage &&
      streamOptions.include_usage === undefined
    ) {
      payload.stream_options = { ...streamOptions, include_usage: true };
      dropUsageChunk = true;
    }

    const upstreamBody = JSON.stringify(payload);
    if (account.settings.debug_mode) call.debug = { request: capped(upstreamBody), response: null };
    const abort = new AbortController();
    const onClientGone = () => abort.abort();
    reply.raw.on('close', onClientGone);
    try {
      // The tokens are in Postgres (write-through); their cache fill overlaps the upstream request
      // instead of adding a round trip before it, and a failed fill still fails the call.
      const [upstream] = await Promise.all([
        sendUpstream(
          agent,
          `${baseUrl}${endpoint.upstreamPath}`,
          upstreamHeaders(request.headers, endpoint.defaultHeaders),
          upstreamBody,
          abort.signal,
        ),
        sanitized.cached,
      ]).catch((error: unknown) => {
        abort.abort();
        throw error;
      });
      call.upstreamMs = performance.now() - call.startedAt;
      call.status = upstream.statusCode;
      const headers = relayedHeaders(upstream.headers);
      const contentType = String(upstream.headers['content-type'] ?? '');
      reply.header(SESSION_HEADER, session.id);

      if (
        upstream.statusCode >= 200 &&
        upstream.statusCode < 300 &&
        contentType.includes('text/event-stream')
      ) {
        const rewriter = endpoint.streamRewriter({ lookup: sanitized.lookup, dropUsageChunk });
        await relayStream(upstream, reply, headers, rewriter, call);
        return;
      }
      const raw = await upstream.body.text();
      if (call.debug) call.debug.response = capped(raw);
      let out = raw;
      if (upstream.statusCode >= 200 && upstream.statusCode < 300 && contentType.includes('json')) {
        const parsed = safeJson(raw);
        if (parsed) {
          call.usage = endpoint.usageOf(parsed);
          if (sanitized.lookup) {
            call.restored = restoreSlots(endpoint.responseSlots(parsed).slots, sanitized.lookup);
            if (call.restored) out = JSON.stringify(parsed);
          }
        }
      }
      // Provider errors pass through with their status and body.
      reply.status(upstream.statusCode).headers(headers).header(SESSION_HEADER, session.id).send(out);
    } finally {
      reply.raw.off('close', onClientGone);
    }
  }

  /** bytes → SSE events → restore → SSE bytes, writing as soon as there is something to write. */
  async function relayStream(
    upstream: Dispatcher.ResponseData,
    reply: FastifyReply,
    headers: Record<string, string | string[]>,
    rewriter: StreamRewriter,
    call: ProxyCallRecord,
  ) {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(upstream.statusCode, { ...headers, ...reply.getHeaders() } as Record<string, string>);
    const decoder = createSseDecoder();
    // Raw bytes, decoded once at the end: a chunk may end inside a UTF-8 sequence.
    const debugChunks: Buffer[] = [];
    let debugBytes = 0;
    const write = async (events: { event?: string | undefined; data: string; id?: string | undefined }[]) => {
      if (!events.length || res.destroyed) return;
      const text = events.map(formatSseEvent).join('');
      if (call.firstByteMs === null) call.firstByteMs = performance.now() - call.startedAt;
      if (!res.write(text))
        await new Promise<void>((resolve) => res.once('drain', resolve).once('close', resolve));
    };
    try {
      for await (const chunk of upstream.body) {
        const bytes = chunk as Buffer;
        if (call.debug && debugBytes < DEBUG_CAP_BYTES) {
          debugChunks.push(bytes);
          debugBytes += bytes.length;
        }
        for (const event of decoder.push(bytes)) await write(rewriter.onEvent(event));
      }
      for (const event of decoder.end()) await write(rewriter.onEvent(event));
      await write(rewriter.onEnd());
    } catch (error) {
      if (!res.destroyed) {
        call.errorCode = 'upstream_stream_broken';
        await write(rewriter.onBreak('the provider stream ended unexpectedly'));
      }
      void error;
    } finally {
      call.usage = mergeUsage(call.usage, rewriter.usage());
      call.restored = rewriter.restoredCount();
      if (call.debug) call.debug.response = capped(Buffer.concat(debugChunks));
      res.end();
    }
  }
};

const mergeUsage = (a: StreamUsage, b: StreamUsage): StreamUsage => ({
  inputTokens: b.inputTokens ?? a.inputTokens,
  outputTokens: b.outputTokens ?? a.outputTokens,
});

function safeJson(raw: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** At most DEBUG_CAP_BYTES of UTF-8, cut before a character the cap would split. */
function capped(body: string | Buffer): string {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  if (bytes.length <= DEBUG_CAP_BYTES) return bytes.toString('utf8');
  // `stream: true` holds back a trailing incomplete sequence instead of emitting U+FFFD.
  return new TextDecoder().decode(bytes.subarray(0, DEBUG_CAP_BYTES), { stream: true });
}
