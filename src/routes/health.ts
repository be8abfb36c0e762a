import type { FastifyPluginAsync } from 'fastify';
import { migrationsApplied } from '../db/migrate.js';
import type { Services } from '../services.js';

const CHECK_TIMEOUT_MS = 2_000;

async function withTimeout(check: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check(),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  let migrated = false;
  const checks = [
    { name: 'postgres', check: async () => (await services.db.query('SELECT 1')).rowCount === 1 },
    { name: 'redis', check: async () => (await services.redis.ping()) === 'PONG' },
    {
      name: 'migrations',
      check: async () => (migrated ||= await migrationsApplied(services.db)),
    },
  ];

  // Probes poll these every few seconds: their requests are not worth a log line each.
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const all = [...checks, ...services.readiness];
    const results = await Promise.all(all.map(async (c) => [c.name, await withTimeout(c.check)] as const));
    const failing = results.filter(([, ok]) => !ok).map(([name]) => name);
    if (failing.length) return reply.status(503).send({ status: 'not_ready', failing });
    return { status: 'ready' };
  });
};
