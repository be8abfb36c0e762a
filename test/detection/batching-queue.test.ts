import { describe, expect, it } from 'vitest';
import { BatchingQueue, type BatchLimits } from '../../src/detection/batching-queue.js';

interface Run {
  ids: number[];
  finish: (results?: string[]) => void;
  fail: (error: Error) => void;
}

/** A queue whose runs finish when the test says so; each run is recorded with its task ids. */
function controlledQueue(limit: number, batch: BatchLimits = { maxTasks: 16, maxSize: 1_000 }) {
  const runs: Run[] = [];
  const queue = new BatchingQueue<number, string>(
    limit,
    (ids) =>
      new Promise<string[]>((resolve, reject) => {
        runs.push({
          ids,
          finish: (results) => resolve(results ?? ids.map((id) => `done ${id}`)),
          fail: reject,
        });
      }),
    batch,
  );
  return { queue, runs, started: () => runs.map((r) => r.ids) };
}

const never = () => new AbortController().signal;
const flush = () => new Promise((resolve) => setImmediate(resolve));
const alone = (signal = never()) => ({ key: null, size: 1, signal });
const keyed = (key: string, size = 1, signal = never()) => ({ key, size, signal });

describe('BatchingQueue', () => {
  it('runs at most `limit` batches at once, in arrival order', async () => {
    const { queue, runs, started } = controlledQueue(2);
    const results = [0, 1, 2, 3, 4, 5].map((id) => queue.submit(id, alone()));
    expect(started()).toEqual([[0], [1]]);
    expect(queue.queued).toBe(4);

    // Finishing in any order frees one slot at a time; the oldest waiting task takes it.
    runs[1]!.finish();
    await flush();
    expect(started()).toEqual([[0], [1], [2]]);
    runs[0]!.finish();
    await flush();
    expect(started()).toEqual([[0], [1], [2], [3]]);
    runs[3]!.finish();
    runs[2]!.finish();
    await flush();
    expect(started()).toEqual([[0], [1], [2], [3], [4], [5]]);
    runs[4]!.finish();
    runs[5]!.finish();
    await expect(Promise.all(results)).resolves.toEqual([0, 1, 2, 3, 4, 5].map((id) => `done ${id}`));
    expect(queue.queued + queue.active).toBe(0);
  });

  it('lets waiting tasks with the head’s key share its run; the others keep their order', async () => {
    const { queue, runs, started } = controlledQueue(1);
    const first = queue.submit(0, keyed('tenant-a'));
    const waiting = [
      queue.submit(1, keyed('tenant-a')),
      queue.submit(2, keyed('tenant-b')),
      queue.submit(3, keyed('tenant-a')),
      queue.submit(4, alone()),
      queue.submit(5, keyed('tenant-a')),
    ];
    expect(started()).toEqual([[0]]);
    runs[0]!.finish();
    await flush();
    expect(started()).toEqual([[0], [1, 3, 5]]);
    runs[1]!.finish();
    await flush();
    runs[2]!.finish();
    await flush();
    runs[3]!.finish();
    expect(started()).toEqual([[0], [1, 3, 5], [2], [4]]);
    // Every caller gets its own result out of the shared run.
    await expect(Promise.all([first, ...waiting])).resolves.toEqual(
      [0, 1, 2, 3, 4, 5].map((id) => `done ${id}`),
    );
  });

  it('keeps a run within its task count and size', async () => {
    const { queue, runs, started } = controlledQueue(1, { maxTasks: 3, maxSize: 10 });
    const all = [queue.submit(0, alone())];
    for (const [id, size] of [
      [1, 4],
      [2, 4],
      [3, 4], // would make 12 with 1 and 2
      [4, 1],
      [5, 1],
      [6, 1],
    ] as const)
      all.push(queue.submit(id, keyed('k', size)));
    for (let i = 0; i < 2; i++) {
      runs[i]!.finish();
      await flush();
    }
    expect(started()).toEqual([[0], [1, 2, 4], [3, 5, 6]]);
    runs[2]!.finish();
    await expect(Promise.all(all)).resolves.toHaveLength(7);
  });

  it('a failed run rejects every task in it and frees its slot', async () => {
    const { queue, runs, started } = controlledQueue(1);
    const busy = queue.submit(0, alone());
    const a = queue.submit(1, keyed('k'));
    const b = queue.submit(2, keyed('k'));
    const c = queue.submit(3, alone());
    runs[0]!.finish();
    await flush();
    runs[1]!.fail(new Error('thread died'));
    await expect(a).rejects.toThrow('thread died');
    await expect(b).rejects.toThrow('thread died');
    await flush();
    expect(started()).toEqual([[0], [1, 2], [3]]);
    runs[2]!.finish();
    await expect(Promise.all([busy, c])).resolves.toEqual(['done 0', 'done 3']);
  });

  it('a run that returns the wrong number of results fails all its tasks', async () => {
    const { queue, runs } = controlledQueue(1);
    const busy = queue.submit(0, alone());
    const a = queue.submit(1, keyed('k'));
    const b = queue.submit(2, keyed('k'));
    runs[0]!.finish();
    await flush();
    runs[1]!.finish(['only one']);
    await expect(a).rejects.toThrow(/wrong number of results/);
    await expect(b).rejects.toThrow(/wrong number of results/);
    await expect(busy).resolves.toBe('done 0');
  });

  it('a task whose signal aborts while waiting leaves the line and never runs', async () => {
    const { queue, runs, started } = controlledQueue(1);
    const abort = new AbortController();
    const a = queue.submit(0, alone());
    const b = queue.submit(1, keyed('k', 1, abort.signal));
    const c = queue.submit(2, keyed('k'));
    abort.abort(new Error('timed out'));
    await expect(b).rejects.toThrow('timed out');
    expect(queue.queued).toBe(1);
    runs[0]!.finish();
    await flush();
    expect(started()).toEqual([[0], [2]]);
    runs[1]!.finish();
    await expect(Promise.all([a, c])).resolves.toEqual(['done 0', 'done 2']);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const { queue, started } = controlledQueue(1);
    await expect(queue.submit(0, alone(AbortSignal.abort(new Error('too late'))))).rejects.toThrow(
      'too late',
    );
    expect(started()).toEqual([]);
    expect(queue.queued).toBe(0);
  });

  it('an abort while a task runs rejects its caller at once but holds the slot until the run ends', async () => {
    const { queue, runs, started } = controlledQueue(1);
    const abort = new AbortController();
    const a = queue.submit(0, alone(abort.signal));
    const b = queue.submit(1, alone());
    abort.abort(new Error('timed out'));
    await expect(a).rejects.toThrow('timed out');
    // The first run's thread is still busy: the next one must not start beside it.
    expect(started()).toEqual([[0]]);
    expect(queue.active).toBe(1);
    runs[0]!.finish();
    await flush();
    expect(started()).toEqual([[0], [1]]);
    runs[1]!.finish();
    await expect(b).resolves.toBe('done 1');
    expect(queue.queued + queue.active).toBe(0);
  });
});
