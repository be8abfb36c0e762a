import { z } from 'zod';
import { BUILTIN_ENTITY_TYPES, DEFAULT_DETECTION_SETTINGS } from '../detection/types.js';
import { checkDenyPattern } from '../detection/deny-pattern-check.js';

const perMinute = z.number().int().min(1).max(1_000_000);

export const RATE_LIMIT_DEFAULTS = {
  secret_per_minute: 6000,
  publishable_per_minute: 600,
  client_per_minute: 300,
  /** null: the proxy has no limit of its own (providers enforce theirs). */
  proxy_per_minute: null as number | null,
};

const denyPatternSchema = z
  .object({
    label: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, 'must be a label like EMPLOYEE_ID'),
    pattern: z.string().min(1).max(500),
    score: z.number().min(0).max(1),
  })
  .strict()
  .superRefine((p, ctx) => {
    const verdict = checkDenyPattern(p);
    if (!verdict.ok) ctx.addIssue({ code: 'custom', message: verdict.reason, path: ['pattern'] });
  });

const detectionSchema = z
  .object({
    entities: z.array(z.enum(BUILTIN_ENTITY_TYPES)).max(BUILTIN_ENTITY_TYPES.length),
    threshold: z.number().min(0).max(1),
    allow_list: z.array(z.string().min(1).max(200)).max(1000),
    deny_patterns: z.array(denyPatternSchema).max(50),
  })
  .strict();

const rateLimitsSchema = z
  .object({
    secret_per_minute: perMinute,
    publishable_per_minute: perMinute,
    client_per_minute: perMinute,
    proxy_per_minute: perMinute.nullable(),
  })
  .strict();

export const tenantSettingsSchema = z
  .object({
    debug_mode: z.boolean(),
    /** null: tokens are kept until purged. */
    token_retention_days: z.number().int().min(1).max(3650).nullable(),
    rate_limits: rateLimitsSchema,
    detection: detectionSchema,
  })
  .strict();

export type TenantSettings = z.infer<typeof tenantSettingsSchema>;

export const DEFAULT_TENANT_SETTINGS: TenantSettings = {
  debug_mode: false,
  token_retention_days: null,
  rate_limits: RATE_LIMIT_DEFAULTS,
  detection: DEFAULT_DETECTION_SETTINGS as TenantSettings['detection'],
};

/** A PATCH body: any top-level field, and any subset of the nested objects' fields. */
export const settingsPatchSchema = z
  .object({
    debug_mode: tenantSettingsSchema.shape.debug_mode.optional(),
    token_retention_days: tenantSettingsSchema.shape.token_retention_days.optional(),
    rate_limits: rateLimitsSchema.partial().optional(),
    detection: detectionSchema.partial().optional(),
  })
  .strict();

export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** Stored settings are whatever was saved over time; read them over the defaults so new fields get theirs. */
export function resolveSettings(stored: unknown): TenantSettings {
  const s = (stored ?? {}) as Partial<TenantSettings>;
  return {
    ...DEFAULT_TENANT_SETTINGS,
    ...s,
    rate_limits: { ...DEFAULT_TENANT_SETTINGS.rate_limits, ...s.rate_limits },
    detection: { ...DEFAULT_TENANT_SETTINGS.detection, ...s.detection },
  };
}

export function applySettingsPatch(current: TenantSettings, patch: SettingsPatch): TenantSettings {
  return {
    debug_mode: patch.debug_mode ?? current.debug_mode,
    token_retention_days:
      patch.token_retention_days === undefined ? current.token_retention_days : patch.token_retention_days,
    rate_limits: { ...current.rate_limits, ...patch.rate_limits },
    detection: { ...current.detection, ...patch.detection },
  };
}
