import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_MODEL_DIR } from './detection/ner/model-files.js';

const masterKey = z.string().transform((value, ctx) => {
  const trimmed = value.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (bytes.length !== 32) {
    ctx.addIssue({ code: 'custom', message: 'must be 32 bytes, base64 or hex encoded' });
    return z.NEVER;
  }
  return bytes;
});

const listOf = (item: z.ZodString) =>
  z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@localhost:5432/service'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key and BullMQ queue this deployment owns; tests use one per file. */
  SERVICE_REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/)
    .default('svc'),
  SERVICE_MASTER_KEY: masterKey,
  SERVICE_ADMIN_TOKEN: z.string().min(24, 'must be at least 24 characters'),
  SERVICE_SECRETS_FILE: z.string().default('.local/secrets.json'),
  /** Proxies (IPs or CIDRs) whose X-Forwarded-For is believed for the client IP. */
  SERVICE_TRUSTED_PROXIES: listOf(z.string().min(1)),
  SERVICE_MODEL_DIR: z.string().default(DEFAULT_MODEL_DIR),
  SERVICE_DETECTION_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  SERVICE_PHONE_REGIONS: listOf(z.string().regex(/^[A-Z]{2}$/, 'must be ISO 3166 alpha-2 codes')).default([
    'US',
    'GB',
    'FR',
    'DE',
    'ES',
    'IT',
  ]),
  /** Waiting this long for a provider's headers (or between stream chunks) ends the call: 504 / broken stream. */
  SERVICE_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(300_000),
  /** Whether `custom` providers accept `stream_options.include_usage` (vLLM does, some servers do not). */
  SERVICE_CUSTOM_STREAM_USAGE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
});

export type Config = z.infer<typeof envSchema> & {
  /** Upstream base URL overrides by provider id, from SERVICE_UPSTREAM_<PROVIDER>. */
  upstreams: Record<string, string>;
};

export class ConfigError extends Error {}

const GENERATED_SECRETS = ['SERVICE_MASTER_KEY', 'SERVICE_ADMIN_TOKEN'] as const;

/**
 * Outside production, missing secrets are generated once into a git-ignored file so that a fresh
 * clone starts with no setup; production must be given them.
 */
function withLocalSecrets(env: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; generated: boolean } {
  if (env.NODE_ENV === 'production' || GENERATED_SECRETS.every((name) => env[name]))
    return { env, generated: false };
  const file = resolve(env.SERVICE_SECRETS_FILE ?? '.local/secrets.json');
  let stored: Record<string, string> = {};
  let generated = false;
  if (existsSync(file)) {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  }
  if (!stored.SERVICE_MASTER_KEY || !stored.SERVICE_ADMIN_TOKEN) {
    stored = {
      SERVICE_MASTER_KEY: stored.SERVICE_MASTER_KEY ?? randomBytes(32).toString('base64'),
      SERVICE_ADMIN_TOKEN: stored.SERVICE_ADMIN_TOKEN ?? `adm_${randomBytes(24).toString('base64url')}`,
    };
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2) + '\n', { mode: 0o600 });
    generated = true;
  }
  return {
    env: {
      ...env,
      SERVICE_MASTER_KEY: env.SERVICE_MASTER_KEY || stored.SERVICE_MASTER_KEY,
      SERVICE_ADMIN_TOKEN: env.SERVICE_ADMIN_TOKEN || stored.SERVICE_ADMIN_TOKEN,
    },
    generated,
  };
}

/** Reads and validates the environment; throws ConfigError naming every bad value (never its content). */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config & { secretsGenerated: boolean } {
  const { env, generated } = withLocalSecrets(source);
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...result.data, upstreams: upstreamOverrides(env), secretsGenerated: generated };
}

/** Upstream base URL overrides: SERVICE_UPSTREAM_<PROVIDER>=https://... */
export function upstreamOverrides(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const m = /^SERVICE_UPSTREAM_([A-Z0-9_]+)$/.exec(name);
    if (m && value) out[m[1]!.toLowerCase()] = value.replace(/\/+$/, '');
  }
  return out;
}
