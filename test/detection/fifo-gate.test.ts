import { describe, expect, it } from 'vitest';
import { FifoGate } from '../../src/detection/fifo-gate.js';

/** A job that finishes when the test says so, recording when it started. */
function controlled(started: number[], id: number) {
  let finish!: (value: number) => void;
  let fail!: (error: Error) => void;
  const job = () => {
    started.push(id);
    return new Promise<number>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { job, finish: () => finish(id), fail: (e: Error) => fail(e) };
}

const never = () => new AbortController().signal;
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('FifoGate', () => {
  it('runs at most `limit` jobs at once, in arrival order', async () => {
    const gate = new FifoGate(2);
    const started: number[] = [];
    const jobs = Array.from({ length: 6 }, (_, i) => controlled(started, i));
    const results = jobs.map((j) => gate.run(j.job, never()));
    expect(started).toEqual([0, 1]);
    expect(gate.queued).toBe(4);

    // Finishing in any order frees one slot at a time; the oldest waiting job takes it.
    jobs[1]!.finish();
    await flush();
    expect(started).toEqual([0, 1, 2]);
    jobs[0]!.finish();
    await flush();
    expect(started).toEqual([0, 1, 2, 3]);
    jobs[3]!.finish();
    jobs[2]!.finish();
    await flush();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    jobs[4]!.finish();
    jobs[5]!.finish();
    await expect(Promise.all(results)).resolves.toEqual([0, 1, 2, 3, 4, 5]);
    expect(gate.queued).toBe(0);
  });

  it('a failed job rejects its caller and frees its slot', async () => {
    const gate = new FifoGate(1);
    const started: number[] = [];
    const first = controlled(started, 0);
    const second = controlled(started, 1);
    const a = gate.run(first.job, never());
    const b = gate.run(second.job, never());
    first.fail(new Error('thread died'));
    await expect(a).rejects.toThrow('thread died');
    expect(started).toEqual([0, 1]);
    second.finish();
    await expect(b).resolves.toBe(1);
  });

  it('a job whose signal aborts while waiting leaves the line and never starts', async () => {
    const gate = new FifoGate(1);
    const started: number[] = [];
    const first = controlled(started, 0);
    const second = controlled(started, 1);
    const third = controlled(started, 2);
    const abort = new AbortController();
    const a = gate.run(first.job, never());
    const b = gate.run(second.job, abort.signal);
    const c = gate.run(third.job, never());
    abort.abort(new Error('timed out'));
    await expect(b).rejects.toThrow('timed out');
    expect(gate.queued).toBe(1);
    first.finish();
    await flush();
    expect(started).toEqual([0, 2]);
    third.finish();
    await expect(Promise.all([a, c])).resolves.toEqual([0, 2]);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const gate = new FifoGate(1);
    const started: number[] = [];
    const job = controlled(started, 0);
    await expect(gate.run(job.job, AbortSignal.abort(new Error('too late')))).rejects.toThrow('too late');
    expect(started).toEqual([]);
    expect(gate.queued).toBe(0);
  });

  it('an abort while a job runs rejects the caller at once but holds the slot until the job ends', async () => {
    const gate = new FifoGate(1);
    const started: number[] = [];
    const first = controlled(started, 0);
    const second = controlled(started, 1);
    const abort = new AbortController();
    const a = gate.run(first.job, abort.signal);
    const b = gate.run(second.job, never());
    abort.abort(new Error('timed out'));
    await expect(a).rejects.toThrow('timed out');
    // The first job's thread is still busy: the next one must not start beside it.
    expect(started).toEqual([0]);
    expect(gate.size).toBe(2);
    first.finish();
    await flush();
    expect(started).toEqual([0, 1]);
    second.finish();
    await expect(b).resolves.toBe(1);
    expect(gate.size).toBe(0);
  });
});
