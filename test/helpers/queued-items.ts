import type { QueueProducer } from '../../src/queues/producer.js';
import type { BatchedQueueName, BatchItem } from '../../src/queues/catalog.js';

/** Items of a batched queue's jobs (waiting, running or done), with the id of the job holding each. */
export async function queuedItems<N extends BatchedQueueName>(
  queues: QueueProducer,
  name: N,
): Promise<{ jobId: string; item: BatchItem<N> }[]> {
  const jobs = await queues.queue(name).getJobs(['waiting', 'active', 'completed', 'failed']);
  return jobs.flatMap((job) =>
    (job.data as { items: BatchItem<N>[] }).items.map((item) => ({ jobId: job.id!, item })),
  );
}

/** The item a predicate picks, with its job; throws (so `vi.waitFor` retries) until it is queued. */
export async function queuedItem<N extends BatchedQueueName>(
  queues: QueueProducer,
  name: N,
  pick: (item: BatchItem<N>) => boolean,
): Promise<{ jobId: string; item: BatchItem<N> }> {
  const found = (await queuedItems(queues, name)).find(({ item }) => pick(item));
  if (!found) throw new Error(`no ${name} item queued yet`);
  return found;
}
