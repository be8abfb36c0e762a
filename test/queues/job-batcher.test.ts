import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobBatcher } from '../../src/queues/job-batcher.js';

/** An add that the test finishes by hand, recording what each job held. */
function manualAdds() {
  const jobs: { items: string[]; finish: (error?: Error) => void }[] = [];
  const addJob = (items: string[]) =>
    new Promise<void>((resolve, reject) => {
      jobs.push({ items, finish: (error) => (error ? reject(error) : resolve()) });
    });
  return { jobs, addJob };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('JobBatcher: group commit of queue items', () => {
  it('sends an item at once when no add is under way, and groups what arrives meanwhile', async () => {
    const { jobs, addJob } = manualAdds();
    const batcher = new JobBatcher(addJob, { maxItems: 10, maxBytes: 1_000 }, () => 1);
    const settled: string[] = [];
    const push = (item: string) => batcher.push(item).then(() => settled.push(item));

    const first = push('a');
    expect(jobs.map((j) => j.items)).toEqual([['a']]);
    const rest = ['b', 'c', 'd'].map(push);
    await tick();
    expect(jobs).toHaveLength(1);
    expect(settled).toEqual([]);

    jobs[0]!.finish();
    await first;
    await tick();
    // Nothing resolves before Redis acknowledged the job holding the item.
    expect(settled).toEqual(['a']);
    expect(jobs.map((j) => j.items)).toEqual([['a'], ['b', 'c', 'd']]);
    jobs[1]!.finish();
    await Promise.all(rest);
    expect(settled).toEqual(['a', 'b', 'c', 'd']);
    await batcher.drained();
    expect(jobs).toHaveLength(2);
  });

  it('keeps jobs within the item and size limits; an item over the size limit goes alone', async () => {
    const jobs: string[][] = [];
    const sizes: Record<string, number> = { big: 50, huge: 500 };
    const batcher = new JobBatcher(
      async (items: string[]) => void jobs.push(items),
      { maxItems: 3, maxBytes: 100 },
      (item) => sizes[item] ?? 10,
    );
    await Promise.all(['first', 'a', 'b', 'c', 'd', 'big', 'big', 'huge', 'e'].map((i) => batcher.push(i)));
    expect(jobs).toEqual([['first'], ['a', 'b', 'c'], ['d', 'big'], ['big'], ['huge'], ['e']]);
  });

  it('a failed add rejects exactly the items of its job, and later items still go out', async () => {
    const { jobs, addJob } = manualAdds();
    const batcher = new JobBatcher(addJob, { maxItems: 10, maxBytes: 1_000 }, () => 1);
    const first = batcher.push('a');
    const second = [batcher.push('b'), batcher.push('c')];
    jobs[0]!.finish(new Error('redis is down'));
    await expect(first).rejects.toThrow('redis is down');
    await tick();
    jobs[1]!.finish();
    await expect(Promise.all(second)).resolves.toEqual([undefined, undefined]);
    const third = batcher.push('d');
    expect(jobs[2]!.items).toEqual(['d']);
    jobs[2]!.finish();
    await third;
  });

  it('drained() waits for adds under way', async () => {
    const { jobs, addJob } = manualAdds();
    const batcher = new JobBatcher(addJob, { maxItems: 10, maxBytes: 1_000 }, () => 1);
    void batcher.push('a');
    let drained = false;
    const waiting = batcher.drained().then(() => (drained = true));
    await tick();
    expect(drained).toBe(false);
    jobs[0]!.finish();
    await waiting;
    expect(drained).toBe(true);
  });

  describe('with a linger', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('holds the first item for the linger and sends everything pushed meanwhile as one job', async () => {
      vi.useFakeTimers();
      const { jobs, addJob } = manualAdds();
      const batcher = new JobBatcher(addJob, { maxItems: 10, maxBytes: 1_000, lingerMs: 25 }, () => 1);
      const pushed = ['a', 'b', 'c'].map((item) => batcher.push(item));
      await vi.advanceTimersByTimeAsync(24);
      expect(jobs).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(jobs.map((j) => j.items)).toEqual([['a', 'b', 'c']]);
      // While that add is under way, new items wait for it, not for another linger.
      const later = batcher.push('d');
      jobs[0]!.finish();
      await Promise.all(pushed);
      await vi.advanceTimersByTimeAsync(0);
      expect(jobs.map((j) => j.items)).toEqual([['a', 'b', 'c'], ['d']]);
      jobs[1]!.finish();
      await later;
    });

    it('sends a full job at once instead of lingering', async () => {
      vi.useFakeTimers();
      const { jobs, addJob } = manualAdds();
      const batcher = new JobBatcher(addJob, { maxItems: 3, maxBytes: 1_000, lingerMs: 10_000 }, () => 1);
      const pushed = ['a', 'b', 'c'].map((item) => batcher.push(item));
      await vi.advanceTimersByTimeAsync(0);
      expect(jobs.map((j) => j.items)).toEqual([['a', 'b', 'c']]);
      jobs[0]!.finish();
      await Promise.all(pushed);
    });

    it('drained() cuts the linger short, so shutting down does not wait for it', async () => {
      const jobs: string[][] = [];
      const batcher = new JobBatcher(
        async (items: string[]) => void jobs.push(items),
        { maxItems: 10, maxBytes: 1_000, lingerMs: 60_000 },
        () => 1,
      );
      const pushed = [batcher.push('a'), batcher.push('b')];
      await batcher.drained();
      await Promise.all(pushed);
      expect(jobs).toEqual([['a', 'b']]);
    });
  });
});
