import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { callerOf, clientAuth } from '../../auth/client-auth.js';
import { ServiceError } from '../../errors.js';
import { parseInput } from '../../http/client-errors.js';
import { MAX_REVEAL_TOKENS, parseTokenId } from '../../http/client-limits.js';
import { isoOrNull, isoWithOffset } from '../../http/timestamps.js';
import { createGrant, revokeGrant } from '../../reveal/grants.js';
import { endUserIdSchema } from '../client-sessions.js';

const grantSchema = z
  .object({
    subject_end_user_id: endUserIdSchema.optional(),
    tokens: z.array(z.string().max(100)).min(1).max(MAX_REVEAL_TOKENS).optional(),
    grantee_end_user_id: endUserIdSchema.optional(),
    // SPEC 2.4: one minute to one day, 15 minutes by default.
    ttl_seconds: z.number().int().min(60).max(86_400).default(900),
    reason: z.string().max(500).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (!body.subject_end_user_id && !body.tokens) {
      ctx.addIssue({ code: 'custom', path: ['subject_end_user_id'], message: 'or tokens is required' });
    }
    body.tokens?.forEach((t, i) => {
      if (!parseTokenId(t))
        ctx.addIssue({ code: 'custom', path: ['tokens', i], message: 'is not a token id' });
    });
  });

export const revealGrantRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const guard = clientAuth(services, { scope: 'reveal_grant:create' });

  app.post('/v1/reveal-grants', { preHandler: guard }, async (request, reply) => {
    const caller = callerOf(request);
    const body = parseInput(grantSchema, request.body);
    const grant = await createGrant(services.db, {
      tenantId: caller.tenantId,
      subjectEndUserId: body.subject_end_user_id ?? null,
      tokens: [...new Set((body.tokens ?? []).map((t) => parseTokenId(t)!))],
      granteeEndUserId: body.grantee_end_user_id ?? null,
      reason: body.reason ?? null,
      ttlSeconds: body.ttl_seconds,
      createdByKeyId: caller.keyId,
    });
    return reply.status(201).send({
      id: grant.id,
      created_at: isoWithOffset(grant.created_at),
      expires_at: isoWithOffset(grant.expires_at),
      subject_end_user_id: grant.subject_end_user_id,
      tokens: grant.tokens,
      grantee_end_user_id: grant.grantee_end_user_id,
      ttl_seconds: body.ttl_seconds,
      reason: grant.reason,
    });
  });

  app.delete('/v1/reveal-grants/:grant_id', { preHandler: guard }, async (request) => {
    const caller = callerOf(request);
    const { grant_id } = parseInput(z.object({ grant_id: z.string().min(1).max(64) }), request.params);
    const grant = await revokeGrant(services.db, caller.tenantId, grant_id);
    if (!grant) throw new ServiceError('not_found', 'reveal grant not found');
    return { id: grant.id, revoked_at: isoOrNull(grant.revoked_at) };
  });
};
