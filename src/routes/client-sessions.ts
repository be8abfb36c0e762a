import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.js';
import { callerOf, clientAuth } from '../auth/client-auth.js';
import { parseInput } from '../http/client-errors.js';
import { isoOrNull, isoWithOffset } from '../http/timestamps.js';
import { DEFAULT_SCOPES, grantableScopes, scopeSchema } from '../credentials/scopes.js';
import { createClientSession } from '../credentials/client-session-queries.js';

export const endUserIdSchema = z.string().min(1).max(256);

const createSchema = z
  .object({
    end_user_id: endUserIdSchema,
    // DESIGN 5: 60 s to one hour, default 15 minutes.
    ttl_seconds: z.number().int().min(60).max(3600).default(900),
    // A subset of the client-session defaults; privileged scopes are dropped, never granted.
    scopes: z.array(scopeSchema).max(10).optional(),
  })
  .strict();

export const clientSessionRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/v1/client-sessions',
    { preHandler: clientAuth(services, { scope: 'client_session:create' }) },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = parseInput(createSchema, request.body);
      const scopes = grantableScopes('client_session', body.scopes).filter((s) =>
        DEFAULT_SCOPES.client_session.includes(s),
      );
      const session = await createClientSession(services.db, {
        tenantId: caller.tenantId,
        endUserId: body.end_user_id,
        scopes,
        ttlSeconds: body.ttl_seconds,
        mintedByKeyId: caller.keyId,
      });
      return reply.status(201).send({
        token: session.token,
        expires_at: isoWithOffset(session.expiresAt),
        end_user_id: body.end_user_id,
        scopes,
      });
    },
  );

  app.get('/v1/client/session-info', { preHandler: clientAuth(services) }, async (request) => {
    const caller = callerOf(request);
    return {
      tenant_id: caller.tenantId,
      kind: caller.kind,
      scopes: caller.scopes,
      end_user_id: caller.endUserId,
      expires_at: isoOrNull(caller.expiresAt),
    };
  });
};
