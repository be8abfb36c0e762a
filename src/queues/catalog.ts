import type { JobsOptions } from 'bullmq';
import { z } from 'zod';

/**
 * One entry per queue, shared by producers (api process) and processors (workers/). Payloads carry
 * ids and counts, never personal data.
 */
export interface QueueDefinition<S extends z.ZodType = z.ZodType> {
  payload: S;
  jobOptions: JobsOptions;
  /** Jobs one worker process runs at once. */
  concurrency: number;
}

const retried = (attempts: number): JobsOptions => ({
  attempts,
  backoff: { type: 'exponential', delay: 1_000 },
  // Keep a bounded tail of finished jobs for dashboards; never grow without limit.
  removeOnComplete: { count: 1_000 },
  removeOnFail: { count: 10_000 },
});

const id = z.string().min(1).max(64);
const endUserId = z.string().min(1).max(256);

/** One reveal attempt: a row per token, written as one job so a retry rewrites nothing twice. */
export const revealAttemptSchema = z
  .object({
    tenant_id: id,
    attempt_id: id,
    at: z.iso.datetime({ offset: true }),
    credential_kind: z.enum(['secret', 'publishable', 'device', 'client_session']),
    credential_id: id,
    end_user_id: endUserId.nullable(),
    client_ip: z.string().max(64).nullable(),
    grant_id: id.nullable(),
    entries: z
      .array(
        z.object({
          token_id: z.string().min(1).max(80),
          outcome: z.enum(['revealed', 'forbidden', 'purged', 'not_found']),
        }),
      )
      .max(500),
  })
  .strict();
export type RevealAttempt = z.infer<typeof revealAttemptSchema>;

const auditEntitySchema = z.object({
  entity_type: z.string().max(64),
  label: z.string().max(64),
  score: z.number(),
});

/** Detected entities of one call: type, label and score only, never values. */
export const auditEventSchema = z
  .object({
    tenant_id: id,
    event_id: id,
    source: z.enum(['tokenize', 'detect', 'proxy']),
    at: z.iso.datetime({ offset: true }),
    entities: z.array(auditEntitySchema).max(50_000),
  })
  .strict();
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const usageEventSchema = z
  .object({
    tenant_id: id,
    event_id: id,
    kind: z.enum(['tokenize', 'proxy']),
    at: z.iso.datetime({ offset: true }),
    characters: z.number().int().min(0),
    tokens_created: z.number().int().min(0),
    input_tokens: z.number().int().min(0).nullable(),
    output_tokens: z.number().int().min(0).nullable(),
    stream: z.boolean().nullable(),
  })
  .strict();
export type UsageEvent = z.infer<typeof usageEventSchema>;

/**
 * One proxy call (DESIGN 6): counts, timings and usage; debug bodies only encrypted. The item also
 * carries the call's audit rows and, when it succeeded, its usage event: one item and one
 * transaction instead of three jobs (in `npm run bench proxy` the two extra jobs' queue and commit
 * work cost the next calls about 1.3 ms each).
 */
export const requestLogSchema = z
  .object({
    tenant_id: id,
    id,
    provider: z.string().max(32),
    model: z.string().max(200).nullable(),
    status: z.number().int(),
    stream: z.boolean(),
    session_id: id.nullable(),
    trace_id: z.string().max(64).nullable(),
    latency_ms: z.number().nullable(),
    upstream_latency_ms: z.number().nullable(),
    first_byte_ms: z.number().nullable(),
    entity_counts: z.record(z.string().max(64), z.number().int()),
    restored_count: z.number().int().min(0),
    input_tokens: z.number().int().min(0).nullable(),
    output_tokens: z.number().int().min(0).nullable(),
    error_code: z.string().max(64).nullable(),
    at: z.iso.datetime({ offset: true }),
    /** AES-256-GCM under the tenant data key (base64), with the key version; only in debug mode. */
    debug: z
      .object({
        key_version: z.number().int(),
        request: z.string().nullable(),
        response: z.string().nullable(),
      })
      .nullable(),
    /** Detected entities: audit rows with source `proxy` and this call's id as event id. */
    audit_entities: z.array(auditEntitySchema).max(50_000),
    /** Whether the call is metered: a usage event of kind `proxy` (2xx answers only). */
    metered: z.boolean(),
  })
  .strict();
export type RequestLogEntry = z.infer<typeof requestLogSchema>;

/** Items per job of a batched queue (`JobBatcher` groups the items of calls that wait together). */
export const MAX_BATCH_ITEMS = 500;

/**
 * A batched queue's payload: `{ items }`. A job queued by a version that sent one item per job is
 * read as a batch of one, so jobs waiting across an upgrade are still written.
 */
function batchOf<T extends z.ZodType<object>>(item: T) {
  return z.union([
    z.object({ items: z.array(item).min(1).max(MAX_BATCH_ITEMS) }).strict(),
    item.transform((one) => ({ items: [one] })),
  ]);
}

/** The item schema of each batched queue (its payload is `{ items }`, see `batchOf`). */
export const batchItemSchemas = {
  audit: auditEventSchema,
  usage: usageEventSchema,
  'request-log': requestLogSchema,
};

export const queueCatalog = {
  maintenance: {
    payload: z
      .object({
        task: z.enum([
          'purge-expired-client-sessions',
          'apply-token-retention',
          'purge-expired-debug-bodies',
          'create-log-partitions',
        ]),
      })
      .strict(),
    jobOptions: retried(5),
    concurrency: 1,
  },
  'reveal-log': {
    payload: revealAttemptSchema,
    // The log is the record of who saw what: retry for a long while before giving up.
    jobOptions: retried(20),
    concurrency: 32,
  },
  audit: { payload: batchOf(batchItemSchemas.audit), jobOptions: retried(10), concurrency: 16 },
  usage: { payload: batchOf(batchItemSchemas.usage), jobOptions: retried(20), concurrency: 16 },
  'request-log': {
    payload: batchOf(batchItemSchemas['request-log']),
    jobOptions: retried(10),
    concurrency: 16,
  },
} satisfies Record<string, QueueDefinition>;

export type QueueName = keyof typeof queueCatalog;
export type QueuePayload<N extends QueueName> = z.infer<(typeof queueCatalog)[N]['payload']>;
export type BatchedQueueName = keyof typeof batchItemSchemas;
export const BATCHED_QUEUES = Object.keys(batchItemSchemas) as BatchedQueueName[];
export type BatchItem<N extends BatchedQueueName> = QueuePayload<N>['items'][number];
export const QUEUE_NAMES = Object.keys(queueCatalog) as QueueName[];

/** BullMQ's own key prefix, under the deployment's Redis prefix. */
export const bullPrefix = (redisPrefix: string) => `${redisPrefix}:bull`;
