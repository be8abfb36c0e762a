import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { callerOf, clientAuth } from '../../auth/client-auth.js';
import { callerEndUser } from '../../auth/end-user.js';
import { ServiceError } from '../../errors.js';
import { parseInput } from '../../http/client-errors.js';
import { checkTextLimits } from '../../http/client-limits.js';
import { newId } from '../../crypto/random-ids.js';
import { isoWithOffset } from '../../http/timestamps.js';
import {
  claimSession,
  findSession,
  mintSessionId,
  requestedSessionId,
  SESSION_HEADER,
} from '../../vault/sessions.js';
import { detectedEntities, detectSpans, tokenizeSpans, type EntityOut } from '../../vault/tokenize-texts.js';
import { endUserIdSchema } from '../client-sessions.js';

const textsRequestSchema = z
  .object({
    texts: z.array(z.string()),
    session_id: z.string().min(1).max(64).optional(),
    end_user_id: endUserIdSchema.optional(),
  })
  .strict();

function entityHeaders(reply: FastifyReply, entities: EntityOut[]) {
  reply.header('x-service-entity-count', String(entities.length));
  reply.header('x-service-labels', [...new Set(entities.map((e) => e.label))].sort().join(','));
}

const auditEntities = (entities: EntityOut[]) =>
  entities.map((e) => ({ entity_type: e.entity_type, label: e.label, score: e.score }));

export const tokenizeRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { db, vault, queues } = services;

  app.post(
    '/v1/client/tokenize',
    { preHandler: clientAuth(services, { scope: 'tokenize' }) },
    async (request, reply) => {
      const caller = callerOf(request);
      checkTextLimits(request.body);
      const body = parseInput(textsRequestSchema, request.body);
      const endUser = callerEndUser(caller, body.end_user_id, 'tokenize');
      const namedSession = requestedSessionId(request, body.session_id);

      // Fail closed before any work when the shared cache is down.
      await vault.cache.ensureAvailable();
      const named = namedSession ? await findSession(db, caller.tenantId, namedSession) : null;
      // Only a (trusted) secret key without an end user may add to a session someone owns; a
      // publishable key has no end user either, but must not plant values into a user's session.
      const mayAddToOwned = (owner: string | null) =>
        owner === null || owner === endUser || (caller.kind === 'secret' && endUser === null);
      const refuseOwned = () => new ServiceError('session_owned', 'this session belongs to another end user');
      if (named && !mayAddToOwned(named.ownerEndUserId)) throw refuseOwned();

      // Detection before any write: when it is unavailable, nothing (not even a session) is stored.
      // Values tokenized in earlier turns of the session are found again wherever they recur.
      const known = named ? await vault.knownValues(caller.tenantId, named.id) : [];
      const spans = await detectSpans(services.detection, body.texts, caller.settings.detection, known);
      // A new session is stored by the same statement as its first tokens (mint's unsavedSession).
      const session = named ?? { id: mintSessionId(), ownerEndUserId: endUser };
      let owner = session.ownerEndUserId;
      if (endUser && !owner) owner = await claimSession(db, caller.tenantId, session, endUser);
      if (!mayAddToOwned(owner)) throw refuseOwned();
      const result = await tokenizeSpans(
        vault,
        {
          tenantId: caller.tenantId,
          sessionId: session.id,
          // A secret key adding to an owned session attributes the tokens to the owner (DESIGN 4b).
          createdByEndUser: endUser ?? owner,
          createdByCredential: caller.credentialId,
          ...(named ? {} : { unsavedSession: { ownerEndUserId: endUser } }),
        },
        body.texts,
        spans,
      );

      const eventId = newId('evt');
      const at = isoWithOffset(new Date());
      await Promise.all([
        queues.addToBatch('audit', {
          tenant_id: caller.tenantId,
          event_id: eventId,
          source: 'tokenize',
          at,
          entities: auditEntities(result.entities),
        }),
        queues.addToBatch('usage', {
          tenant_id: caller.tenantId,
          event_id: eventId,
          kind: 'tokenize',
          at,
          characters: body.texts.reduce((n, t) => n + t.length, 0),
          tokens_created: result.tokensCreated,
          input_tokens: null,
          output_tokens: null,
          stream: null,
        }),
      ]);

      reply.header(SESSION_HEADER, session.id);
      entityHeaders(reply, result.entities);
      return {
        texts: result.texts,
        entities: result.entities,
        tokens: result.tokens,
        session_id: session.id,
        entity_count: result.entities.length,
      };
    },
  );

  app.post(
    '/v1/client/detect',
    { preHandler: clientAuth(services, { scope: 'tokenize' }) },
    async (request, reply) => {
      const caller = callerOf(request);
      checkTextLimits(request.body);
      const body = parseInput(textsRequestSchema, request.body);
      callerEndUser(caller, body.end_user_id, 'tokenize');
      const namedSession = requestedSessionId(request, body.session_id);
      if (namedSession) await findSession(db, caller.tenantId, namedSession);

      const spans = await detectSpans(services.detection, body.texts, caller.settings.detection);
      const entities = detectedEntities(body.texts, spans);
      await queues.addToBatch('audit', {
        tenant_id: caller.tenantId,
        event_id: newId('evt'),
        source: 'detect',
        at: isoWithOffset(new Date()),
        entities: auditEntities(entities),
      });
      if (namedSession) reply.header(SESSION_HEADER, namedSession);
      entityHeaders(reply, entities);
      return { entities, entity_count: entities.length, session_id: namedSession };
    },
  );
};
