import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { callerOf } from '../../auth/client-auth.js';
import { ServiceError } from '../../errors.js';
import { parseInput } from '../../http/client-errors.js';
import { isoOrNull } from '../../http/timestamps.js';
import { newId } from '../../crypto/random-ids.js';
import { withTransaction } from '../../db/pool.js';
import { createApiKey } from '../../credentials/api-key-queries.js';
import { grantableScopes } from '../../credentials/scopes.js';
import { endUserIdSchema } from '../client-sessions.js';
import { secretKeyOnly } from './erasure.js';

const enrollSchema = z
  .object({ end_user_id: endUserIdSchema, name: z.string().trim().min(1).max(200) })
  .strict();

/** Device enrollment (DESIGN 4): a device key bound to one device and one end user, shown once. */
export const deviceRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.post('/v1/devices', { preHandler: secretKeyOnly(services) }, async (request, reply) => {
    const caller = callerOf(request);
    const body = parseInput(enrollSchema, request.body);
    const deviceId = newId('dev');
    const { key } = await withTransaction(services.db, async (client) => {
      await client.query(
        `INSERT INTO devices (tenant_id, id, end_user_id, name) VALUES ($1::text, $2::text, $3::text, $4::text)`,
        [caller.tenantId, deviceId, body.end_user_id, body.name],
      );
      return createApiKey(client, {
        tenantId: caller.tenantId,
        kind: 'device',
        name: body.name,
        scopes: grantableScopes('device', undefined),
        allowedOrigins: [],
        deviceId,
        endUserId: body.end_user_id,
      });
    });
    return reply.status(201).send({ device_id: deviceId, key });
  });

  app.delete('/v1/devices/:device_id', { preHandler: secretKeyOnly(services) }, async (request) => {
    const caller = callerOf(request);
    const { device_id } = parseInput(z.object({ device_id: z.string().min(1).max(64) }), request.params);
    const revokedAt = await withTransaction(services.db, async (client) => {
      const { rows } = await client.query<{ revoked_at: Date }>(
        `UPDATE devices SET revoked_at = coalesce(revoked_at, now())
          WHERE tenant_id = $1::text AND id = $2::text RETURNING revoked_at`,
        [caller.tenantId, device_id],
      );
      if (!rows[0]) return null;
      await client.query(
        `UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE tenant_id = $1::text AND device_id = $2::text`,
        [caller.tenantId, device_id],
      );
      return rows[0].revoked_at;
    });
    if (!revokedAt) throw new ServiceError('not_found', 'device not found');
    services.credentials.forgetAll();
    return { device_id, revoked_at: isoOrNull(revokedAt) };
  });
};
