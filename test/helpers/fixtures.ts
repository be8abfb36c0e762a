import type { FastifyInstance } from 'fastify';
import { TEST_ADMIN_TOKEN } from './test-app.js';

export const adminHeaders = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

export async function adminPost<T = Record<string, unknown>>(
  app: FastifyInstance,
  url: string,
  payload: unknown,
) {
  const res = await app.inject({
    method: 'POST',
    url: `/admin/api${url}`,
    headers: adminHeaders,
    payload: payload as object,
  });
  if (res.statusCode !== 201) throw new Error(`POST ${url} → ${res.statusCode}: ${res.body}`);
  return res.json<T>();
}

export async function createTenant(app: FastifyInstance, name = 'Acme'): Promise<string> {
  return (await adminPost<{ id: string }>(app, '/tenants', { name })).id;
}

export async function createKey(
  app: FastifyInstance,
  tenantId: string,
  body: { kind: 'secret' | 'publishable'; name?: string; scopes?: string[]; allowed_origins?: string[] },
): Promise<{ id: string; key: string; scopes: string[] }> {
  return adminPost(app, `/tenants/${tenantId}/api-keys`, { name: 'test key', ...body });
}

export async function mintClientSession(
  app: FastifyInstance,
  secretKey: string,
  body: { end_user_id: string; ttl_seconds?: number },
): Promise<{ token: string; expires_at: string; end_user_id: string; scopes: string[] }> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/client-sessions',
    headers: { authorization: `Bearer ${secretKey}` },
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`client session → ${res.statusCode}: ${res.body}`);
  return res.json();
}
