import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Db } from '../src/db/pool.js';
import type { TokenVault } from '../src/vault/token-vault.js';
import type { Redis } from '../src/redis.js';
import {
  bullPrefix,
  queueCatalog,
  QUEUE_NAMES,
  type QueueName,
  type QueuePayload,
} from '../src/queues/catalog.js';

export interface ProcessorContext {
  db: Db;
  logger: Logger;
  job: Job;
  /** For processors that change tokens (retention purges): Postgres and the shared cache together. */
  vault: TokenVault;
}

export type Processor<N extends QueueName> = (
  payload: QueuePayload<N>,
  context: ProcessorContext,
) => Promise<void>;
export type ProcessorTable = { [N in QueueName]: Processor<N> };

/** A repeatable job the worker keeps scheduled (BullMQ job scheduler, idempotent across workers). */
export interface Schedule<N extends QueueName = QueueName> {
  queue: N;
  id: string;
  everyMs: number;
  payload: QueuePayload<N>;
}

export interface WorkerRuntime {
  workers: Worker[];
  close(): Promise<void>;
}

export async function startWorkers(options: {
  connection: Redis;
  redisPrefix: string;
  db: Db;
  logger: Logger;
  vault: TokenVault;
  processors: ProcessorTable;
  schedules?: Schedule[];
  concurrencyCap?: number;
}): Promise<WorkerRuntime> {
  const { connection, redisPrefix, db, logger, vault, processors } = options;
  const missing = QUEUE_NAMES.filter((name) => typeof processors[name] !== 'function');
  if (missing.length) throw new Error(`no processor for queue(s): ${missing.join(', ')}`);

  const prefix = bullPrefix(redisPrefix);
  const workers = QUEUE_NAMES.map((name) => {
    const definition = queueCatalog[name];
    const processor = processors[name] as Processor<QueueName>;
    const worker = new Worker(
      name,
      async (job) => {
        // A payload that fails its schema can never succeed: fail it without retries.
        const parsed = definition.payload.safeParse(job.data);
        if (!parsed.success) {
          throw new UnrecoverableError(`job ${job.id} on ${name} has an invalid payload`);
        }
        await processor(parsed.data as never, {
          db,
          logger: logger.child({ queue: name, job: job.id }),
          job,
          vault,
        });
      },
      {
        connection,
        prefix,
        concurrency: Math.min(definition.concurrency, options.concurrencyCap ?? Infinity),
      },
    );
    worker.on('failed', (job, error) =>
      logger.warn(
        { queue: name, job: job?.id, attempts: job?.attemptsMade, err: { message: error.message } },
        'job failed',
      ),
    );
    worker.on('error', (error) =>
      logger.error({ queue: name, err: { message: error.message } }, 'worker error'),
    );
    return worker;
  });

  for (const schedule of options.schedules ?? []) {
    const queue = new Queue(schedule.queue, { connection, prefix });
    await queue.upsertJobScheduler(
      schedule.id,
      { every: schedule.everyMs },
      { name: schedule.id, data: schedule.payload, opts: queueCatalog[schedule.queue].jobOptions },
    );
    await queue.close();
  }

  await Promise.all(workers.map((w) => w.waitUntilReady()));
  return {
    workers,
    // Lets running jobs finish (BullMQ's close waits for them) before the caller closes Postgres.
    close: async () => {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
