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

export const queueCatalog = {
  maintenance: {
    payload: z.object({ task: z.enum(['purge-expired-client-sessions']) }).strict(),
    jobOptions: retried(5),
    concurrency: 1,
  },
} satisfies Record<string, QueueDefinition>;

export type QueueName = keyof typeof queueCatalog;
export type QueuePayload<N extends QueueName> = z.infer<(typeof queueCatalog)[N]['payload']>;
export const QUEUE_NAMES = Object.keys(queueCatalog) as QueueName[];

/** BullMQ's own key prefix, under the deployment's Redis prefix. */
export const bullPrefix = (redisPrefix: string) => `${redisPrefix}:bull`;
