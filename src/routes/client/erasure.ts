import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { callerOf, clientAuth } from '../../auth/client-auth.js';
import { ServiceError } from '../../errors.js';
import { parseInput } from '../../http/client-errors.js';
import { parseTokenId } from '../../http/client-limits.js';
import { purgeByEndUser, purgeById } from '../../vault/token-vault.js';
import { endUserIdSchema } from '../client-sessions.js';

/** Erasure and device enrollment are server operations: secret keys only. */
export function secretKeyOnly(services: Services): preHandlerAsyncHookHandler[] {
  return [
    clientAuth(services),
    async (request) => {
      if (callerOf(request).kind !== 'secret')
        throw new ServiceError('forbidden', 'this call needs a secret key');
    },
  ];
}

export const erasureRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { db, vault } = services;

  app.delete('/v1/tokens/:token_id', { preHandler: secretKeyOnly(services) }, async (request) => {
    const caller = callerOf(request);
    const { token_id } = parseInput(z.object({ token_id: z.string().min(1).max(100) }), request.params);
    const id = parseTokenId(token_id);
    if (!id) throw new ServiceError('not_found', 'token not found');
    const exists = await db.query(`SELECT 1 FROM tokens WHERE tenant_id = $1::text AND id = $2::text`, [
      caller.tenantId,
      id,
    ]);
    if (!exists.rowCount) throw new ServiceError('not_found', 'token not found');
    await vault.purge(caller.tenantId, purgeById(id));
    return { token: id, status: 'purged' };
  });

  app.post('/v1/end-users/:end_user_id/purge', { preHandler: secretKeyOnly(services) }, async (request) => {
    const caller = callerOf(request);
    const { end_user_id } = parseInput(z.object({ end_user_id: endUserIdSchema }), request.params);
    const purged = await vault.purge(caller.tenantId, purgeByEndUser(end_user_id));
    return { end_user_id, purged_count: purged.length };
  });
};
