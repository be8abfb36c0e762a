import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { callerOf, clientAuth } from '../../auth/client-auth.js';
import { callerEndUser } from '../../auth/end-user.js';
import { isServiceError, ServiceError } from '../../errors.js';
import { parseInput } from '../../http/client-errors.js';
import { checkRevealLimits, MAX_CHARACTERS } from '../../http/client-limits.js';
import { newId } from '../../crypto/random-ids.js';
import { sha256 } from '../../crypto/hashing.js';
import { isoWithOffset } from '../../http/timestamps.js';
import { findSession, requestedSessionId, SESSION_HEADER } from '../../vault/sessions.js';
import { tokenTextRegex } from '../../tokens/token-text.js';
import { applicableGrant } from '../../reveal/grants.js';
import { revealStatus, type ApplicableGrant, type RevealStatus } from '../../reveal/policy.js';
import { recordRevealAttempt } from '../../reveal/reveal-log.js';
import type { RevealAttempt } from '../../queues/catalog.js';
import { endUserIdSchema } from '../client-sessions.js';

const detokenizeSchema = z
  .object({
    tokens: z.array(z.string().max(100)).optional(),
    text: z.string().max(MAX_CHARACTERS).optional(),
    session_id: z.string().min(1).max(64).optional(),
    grant_id: z.string().min(1).max(64).nullable().optional(),
    end_user_id: endUserIdSchema.optional(),
  })
  .strict();

type TokenResult = { status: RevealStatus; plaintext?: string };

/** What the reveal log stores for an id: malformed input is hashed, since it could be anything. */
const loggedTokenId = (raw: string, valid: boolean) =>
  valid ? raw : `invalid:${sha256(raw).toString('hex').slice(0, 16)}`;

export const detokenizeRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { db, vault, queues } = services;

  app.post(
    '/v1/client/detokenize',
    { preHandler: clientAuth(services, { scope: ['detokenize:own', 'detokenize:any'] }) },
    async (request, reply) => {
      const caller = callerOf(request);
      const { ids, malformed } = checkRevealLimits(request.body);
      const body = parseInput(detokenizeSchema, request.body);
      const endUser = callerEndUser(caller, body.end_user_id, 'detokenize');
      const namedSession = requestedSessionId(request, body.session_id);
      const session = namedSession ? await findSession(db, caller.tenantId, namedSession) : null;

      const grantId = body.grant_id ?? null;
      const attempt = (outcomes: RevealAttempt['entries']): RevealAttempt => ({
        tenant_id: caller.tenantId,
        attempt_id: newId('rva'),
        at: isoWithOffset(new Date()),
        credential_kind: caller.kind,
        credential_id: caller.credentialId,
        end_user_id: endUser,
        client_ip: request.ip || null,
        grant_id: grantId,
        entries: outcomes,
      });
      const allRefused = (status: RevealStatus) => [
        ...ids.map((id) => ({ token_id: id, outcome: status })),
        ...malformed.map((raw) => ({ token_id: loggedTokenId(raw, false), outcome: 'not_found' as const })),
      ];
      // Refusals are logged too, then the refusal is answered.
      const refuseAll = async (error: ServiceError): Promise<never> => {
        await recordRevealAttempt({ queues, db }, attempt(allRefused('forbidden')));
        throw error;
      };

      let grant: ApplicableGrant | null = null;
      if (grantId) {
        try {
          grant = await applicableGrant(db, caller.tenantId, grantId, caller);
        } catch (error) {
          if (isServiceError(error)) await refuseAll(error);
          throw error;
        }
      }
      try {
        await vault.cache.ensureAvailable();
      } catch (error) {
        if (isServiceError(error)) await refuseAll(error);
        throw error;
      }

      const records = await vault.records(caller.tenantId, ids);
      const revealCaller = { endUserId: endUser, revealsAny: caller.scopes.includes('detokenize:any') };
      const scope = { session, grant };
      const results: Record<string, TokenResult> = {};
      const entries: RevealAttempt['entries'] = [];
      for (const id of ids) {
        const status = revealStatus(revealCaller, scope, records.get(id));
        results[id] = { status };
        entries.push({ token_id: id, outcome: status });
      }
      for (const raw of malformed) {
        results[raw] = { status: 'not_found' };
        entries.push({ token_id: loggedTokenId(raw, false), outcome: 'not_found' });
      }

      // Durable log rows first; only then is any plaintext decrypted into the answer.
      await recordRevealAttempt({ queues, db }, attempt(entries));
      const plaintexts = new Map<string, string>();
      for (const id of ids) {
        if (results[id]!.status !== 'revealed') continue;
        const plaintext = await vault.decrypt(caller.tenantId, records.get(id)!);
        plaintexts.set(id, plaintext);
        results[id] = { status: 'revealed', plaintext };
      }

      if (session) reply.header(SESSION_HEADER, session.id);
      const response: { tokens: Record<string, TokenResult>; text?: string } = { tokens: results };
      if (body.text !== undefined) {
        response.text = body.text.replace(tokenTextRegex(), (match, _label: string, id: string) => {
          return plaintexts.get(id.toLowerCase()) ?? match;
        });
      }
      return response;
    },
  );
};
