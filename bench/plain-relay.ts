import Fastify from 'fastify';
import {
  createUpstreamAgent,
  relayedHeaders,
  upstreamError,
  upstreamHeaders,
} from '../src/relay/upstream.js';
import { PROXY_BODY_LIMIT } from '../src/proxy/proxy-routes.js';

export interface PlainRelay {
  url: string;
  close(): Promise<void>;
}

/**
 * The bench baseline: `POST /chat/completions` forwarded to `upstreamBase` as bytes, with the proxy's
 * upstream Agent and header rules, and the provider's body streamed back untouched. No parsing, no
 * detection, no vault — what any relay in front of a provider costs.
 */
export async function startPlainRelay(upstreamBase: string): Promise<PlainRelay> {
  const agent = createUpstreamAgent({ headersTimeoutMs: 30_000, bodyTimeoutMs: 30_000 });
  const origin = new URL(upstreamBase).origin;
  const basePath = new URL(upstreamBase).pathname.replace(/\/+$/, '');
  const app = Fastify({ logger: false, bodyLimit: PROXY_BODY_LIMIT });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  for (const path of ['/chat/completions', '/v1/chat/completions'])
    app.post(path, async (request, reply) => {
      const abort = new AbortController();
      reply.raw.once('close', () => abort.abort());
      try {
        const upstream = await agent.request({
          origin,
          path: `${basePath}/chat/completions`,
          method: 'POST',
          headers: upstreamHeaders(request.headers, {}),
          body: request.body as Buffer,
          signal: abort.signal,
        });
        return reply
          .status(upstream.statusCode)
          .headers(relayedHeaders(upstream.headers))
          .send(upstream.body);
      } catch (error) {
        const serviceError = upstreamError(error);
        return reply.status(serviceError.status).send({ error: { message: serviceError.message } });
      }
    });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: async () => {
      await app.close();
      await agent.close();
    },
  };
}
