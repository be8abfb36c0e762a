import { Queue } from 'bullmq';
import { ServiceError } from '../errors.js';
import type { Redis } from 'ioredis';
import { bullPrefix, queueCatalog, QUEUE_NAMES, type QueueName, type QueuePayload } from './catalog.js';

/** Adds validated jobs to the catalog's queues over the api process's fail-fast connection. */
export class QueueProducer {
  private readonly queues: Map<QueueName, Queue>;

  constructor(connection: Redis, redisPrefix: string) {
    this.queues = new Map(
      QUEUE_NAMES.map((name) => [
        name,
        new Queue(name, {
          connection,
          prefix: bullPrefix(redisPrefix),
          defaultJobOptions: queueCatalog[name].jobOptions,
        }),
      ]),
    );
  }

  queue(name: QueueName): Queue {
    return this.queues.get(name)!;
  }

  /**
   * Resolves once Redis has acknowledged the job; `jobId` makes a retried add a no-op. A queue that
   * cannot take the job is a 503 (`service_unavailable`), never a bare 500.
   */
  async add<N extends QueueName>(
    name: N,
    jobName: string,
    payload: QueuePayload<N>,
    options: { jobId?: string } = {},
  ) {
    const data = queueCatalog[name].payload.parse(payload);
    try {
      return await this.queue(name).add(jobName, data, options.jobId ? { jobId: options.jobId } : {});
    } catch (error) {
      throw new ServiceError('service_unavailable', `the ${name} queue is unavailable`, { cause: error });
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}
