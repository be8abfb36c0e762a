import { Queue } from 'bullmq';
import { ServiceError } from '../errors.js';
import type { Redis } from 'ioredis';
import {
  BATCHED_QUEUES,
  batchItemSchemas,
  bullPrefix,
  MAX_BATCH_ITEMS,
  queueCatalog,
  QUEUE_NAMES,
  type BatchedQueueName,
  type BatchItem,
  type QueueName,
  type QueuePayload,
} from './catalog.js';
import { JobBatcher, type BatchLimits } from './job-batcher.js';

const BATCH_LIMITS: BatchLimits = { maxItems: MAX_BATCH_ITEMS, maxBytes: 4 * 1024 * 1024 };
/**
 * How long a batched queue's first item waits for others. A proxy call's request-log item is queued
 * after its answer went out and nobody waits on it, so calls that come one at a time still share jobs
 * (docs/benchmarks.md); the client API's audit and usage items are awaited before it answers.
 */
const LINGER_MS: Record<BatchedQueueName, number> = { 'request-log': 25, audit: 0, usage: 0 };
const ENTITY_BYTES = 80;

/** A rough JSON size of a batched item, so one job stays a few MiB at most (debug bodies are large). */
function itemSize(item: BatchItem<BatchedQueueName>): number {
  if ('audit_entities' in item) {
    const debug = (item.debug?.request?.length ?? 0) + (item.debug?.response?.length ?? 0);
    return 1024 + debug + item.audit_entities.length * ENTITY_BYTES;
  }
  if ('entities' in item) return 256 + item.entities.length * ENTITY_BYTES;
  return 256;
}

/** The job of a batch is named after its first item: a call's log job can be found by its id. */
const itemId = (item: BatchItem<BatchedQueueName>) => ('event_id' in item ? item.event_id : item.id);

/** Adds validated jobs to the catalog's queues over the api process's fail-fast connection. */
export class QueueProducer {
  private readonly queues: Map<QueueName, Queue>;
  private readonly batchers = new Map<BatchedQueueName, JobBatcher<BatchItem<BatchedQueueName>>>();

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
    for (const name of BATCHED_QUEUES) {
      // Items were checked one by one in `addToBatch`.
      const addJob = (items: BatchItem<BatchedQueueName>[]) =>
        this.addChecked(name, 'batch', { items }, { jobId: itemId(items[0]!) });
      this.batchers.set(
        name,
        new JobBatcher(addJob, { ...BATCH_LIMITS, lingerMs: LINGER_MS[name] }, itemSize),
      );
    }
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
    return this.addChecked(name, jobName, queueCatalog[name].payload.parse(payload), options);
  }

  private async addChecked(name: QueueName, jobName: string, data: unknown, options: { jobId?: string }) {
    try {
      return await this.queue(name).add(jobName, data, options.jobId ? { jobId: options.jobId } : {});
    } catch (error) {
      throw new ServiceError('service_unavailable', `the ${name} queue is unavailable`, { cause: error });
    }
  }

  /**
   * Adds an item to a batched queue: resolves once Redis acknowledged the job holding it (calls
   * that wait together share one job, see `JobBatcher`); 503 as `add` when the queue cannot take it.
   * Each item is checked here, before it joins a job, so a bad one never fails other calls' items.
   */
  async addToBatch<N extends BatchedQueueName>(name: N, item: BatchItem<N>): Promise<void> {
    const checked = batchItemSchemas[name].parse(item) as BatchItem<N>;
    await this.batchers.get(name)!.push(checked);
  }

  /** Resolves once every item handed to `addToBatch` so far is in Redis (or failed), lingering cut short. */
  async flushed(): Promise<void> {
    await Promise.all([...this.batchers.values()].map((b) => b.drained()));
  }

  async close(): Promise<void> {
    await this.flushed();
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}
