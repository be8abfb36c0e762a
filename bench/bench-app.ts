import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { loadConfig, type Config } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { buildApp } from '../src/app.js';
import { closeServices, createServices, type Services } from '../src/services.js';
import { DEFAULT_DETECTION_SETTINGS } from '../src/detection/types.js';
import { ownSettings, REDIS_URL, scratchDatabase } from './lib.js';

export const BENCH_ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';

export interface BenchApp {
  url: string;
  app: FastifyInstance;
  services: Services;
  config: Config;
  env: Record<string, string>;
  tenant: string;
  secret: string;
  close(): Promise<void>;
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Settings the bench takes from its own environment when set (the model may live elsewhere while training). */
const PASSED_THROUGH = ['SERVICE_MODEL_DIR', 'SERVICE_DETECTION_THREADS'] as const;

/**
 * The real api on a loopback port over a scratch database, with a tenant and a secret key.
 * `extraEnv` adds or overrides settings, e.g. `SERVICE_UPSTREAM_OPENAI` to point the proxy at a fake provider.
 */
export async function startBenchApp(extraEnv: Record<string, string> = {}): Promise<BenchApp> {
  const database = await scratchDatabase();
  const env: Record<string, string> = {
    ...ownSettings(PASSED_THROUGH),
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    REDIS_URL,
    SERVICE_REDIS_PREFIX: `bench:${randomBytes(4).toString('hex')}`,
    SERVICE_MASTER_KEY: randomBytes(32).toString('base64'),
    SERVICE_ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    ...extraEnv,
  };
  const config = loadConfig(env);
  const services = await createServices(config, createLogger(config.LOG_LEVEL));
  await services.detection!.warmUp(DEFAULT_DETECTION_SETTINGS);
  const app = await buildApp(services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const { tenant, secret } = await provisionTenant(url);
  return {
    url,
    app,
    services,
    config,
    env,
    tenant,
    secret,
    close: async () => {
      await app.close();
      await deleteKeys(services.redis, `${config.SERVICE_REDIS_PREFIX}:*`);
      await closeServices(services);
      await database.drop();
    },
  };
}

/** A tenant without rate limits (benchmarks measure the service, not its limits) and a secret key for it. */
export async function provisionTenant(url: string): Promise<{ tenant: string; secret: string }> {
  const admin = { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` };
  const created = await postJson(`${url}/admin/api/tenants`, { name: 'Bench' }, admin);
  if (created.status !== 201) throw new Error(`creating the bench tenant: ${created.status}`);
  const tenant = created.json.id as string;
  await request(`${url}/admin/api/tenants/${tenant}/settings`, {
    method: 'PATCH',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ rate_limits: { secret_per_minute: 1_000_000, client_per_minute: 1_000_000 } }),
  }).then((r) => r.body.dump());
  const secret = (
    await postJson(`${url}/admin/api/tenants/${tenant}/api-keys`, { kind: 'secret', name: 'bench' }, admin)
  ).json.key as string;
  return { tenant, secret };
}

/** The run's Redis keys (cache, tombstones, queues) go with it, like its scratch database. */
export async function deleteKeys(redis: BenchApp['services']['redis'], pattern: string): Promise<void> {
  for await (const keys of redis.scanStream({ match: pattern, count: 1000 }) as AsyncIterable<string[]>) {
    if (keys.length) await redis.unlink(...keys);
  }
}
