import type { preHandlerAsyncHookHandler } from 'fastify';
import { constantTimeEqual } from '../../crypto/hashing.js';
import { ServiceError } from '../../errors.js';
import { bearerToken } from '../../auth/client-auth.js';

/** Admin API and /metrics: `Authorization: Bearer $SERVICE_ADMIN_TOKEN`, compared in constant time. */
export function adminAuth(adminToken: string): preHandlerAsyncHookHandler {
  return async (request) => {
    const presented = bearerToken(request);
    if (!presented || !constantTimeEqual(presented, adminToken)) {
      throw new ServiceError('unauthorized', 'admin token required');
    }
  };
}
